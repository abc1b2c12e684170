import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PNG_BYTES, mp4Bytes } from '#tests/fixtures/media'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetEnvForTests } from '~/server/env.server'
import { deleteUpload, getBucketStorage } from '~/server/storage.server'
import { userPhotos } from '~/db/schema'
import { db } from '~/server/db.server'
import { loader } from './uploads'

withTestDatabase()

let dataDir: string
const video = mp4Bytes(10_000)
// Real photos, as a phone would send them: a noisy 1600 × 1200 JPEG and a 1000 × 800 PNG
// with transparency (noise, so the encoders cannot cheat with a flat colour).
let photo: Uint8Array
let drawing: Uint8Array
async function noisyImage(width: number, height: number, channels: 3 | 4) {
	const pixels = Buffer.alloc(width * height * channels)
	for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 9) * 104729) % 251
	return sharp(pixels, { raw: { width, height, channels } })
}
beforeAll(async () => {
	photo = new Uint8Array(await (await noisyImage(1600, 1200, 3)).jpeg({ quality: 85 }).toBuffer())
	drawing = new Uint8Array(await (await noisyImage(1000, 800, 4)).png().toBuffer())

	dataDir = await mkdtemp(path.join(tmpdir(), 'loja-uploads-route-'))
	process.env.DATA_DIR = dataDir
	resetEnvForTests()
	await getBucketStorage('hero-videos').put('hero-1.mp4', video, 'video/mp4')
	await getBucketStorage('user-photos').put('u1/1.png', PNG_BYTES, 'image/png')
	await getBucketStorage('user-photos').put('u1/2.txt', new TextEncoder().encode('oi'), 'text/plain')
	await getBucketStorage('personalizacao-arquivos').put('rosto_pet_s1_1.png', PNG_BYTES, 'image/png')
	await getBucketStorage('user-photos').put('u2/1700000000000.jpg', photo, 'image/jpeg')
	await getBucketStorage('user-photos').put('u2/1700000000001.png', drawing, 'image/png')
	await getBucketStorage('user-photos').put('u2/1700000000002.jpg', photo.slice(0, 400), 'image/jpeg')
	await getBucketStorage('personalizacao-arquivos').put('rosto_pet_s1_2.jpg', photo, 'image/jpeg')
	// Customer photos are served only once approved (decision 12): these are.
	owner = await userWithSession()
	const approved = ['u1/1.png', 'u1/2.txt', 'u2/1700000000000.jpg', 'u2/1700000000001.png', 'u2/1700000000002.jpg']
	await db
		.insert(userPhotos)
		.values(approved.map((key) => ({ userId: owner.id, photoUrl: `/uploads/user-photos/${key}`, isApproved: true })))
	await getBucketStorage('user-photos').put('u3/1.png', PNG_BYTES, 'image/png')
	await db.insert(userPhotos).values({ userId: owner.id, photoUrl: '/uploads/user-photos/u3/1.png', isApproved: false })
})
let owner: { id: string; cookie: string }
afterAll(async () => {
	delete process.env.DATA_DIR
	resetEnvForTests()
	await rm(dataDir, { recursive: true, force: true })
})

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
	const request = new Request(`http://loja.test${url}`, { headers })
	const [, , bucket = '', ...rest] = new URL(request.url).pathname.split('/')
	const args = { request, params: { bucket, '*': decodeURIComponent(rest.join('/')) }, context: { clientIp: '203.0.113.7' } }
	try {
		return await loader(args as unknown as Parameters<typeof loader>[0])
	} catch (thrown) {
		if (thrown instanceof Response) return thrown
		throw thrown
	}
}

describe('GET /uploads/:bucket/*', () => {
	test('serves a public video with its stored type and locked-down headers', async () => {
		const response = await get('/uploads/hero-videos/hero-1.mp4')
		expect(response.status).toBe(200)
		expect(Object.fromEntries(response.headers)).toMatchObject({
			'content-type': 'video/mp4',
			'content-length': '10000',
			'x-content-type-options': 'nosniff',
			'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
			'content-disposition': 'inline; filename="hero-1.mp4"',
			'cache-control': 'public, max-age=86400',
			'accept-ranges': 'bytes',
		})
		expect(new Uint8Array(await response.arrayBuffer())).toEqual(video)
	})

	test('answers Range requests with 206 and the slice', async () => {
		const response = await get('/uploads/hero-videos/hero-1.mp4', { range: 'bytes=100-199' })
		expect(response.status).toBe(206)
		expect(response.headers.get('content-range')).toBe('bytes 100-199/10000')
		expect(response.headers.get('content-length')).toBe('100')
		expect(new Uint8Array(await response.arrayBuffer())).toEqual(video.slice(100, 200))

		const open = await get('/uploads/hero-videos/hero-1.mp4', { range: 'bytes=9990-' })
		expect(open.headers.get('content-range')).toBe('bytes 9990-9999/10000')

		const beyond = await get('/uploads/hero-videos/hero-1.mp4', { range: 'bytes=20000-' })
		expect(beyond.status).toBe(416)
		expect(beyond.headers.get('content-range')).toBe('bytes */10000')
	})

	test('If-None-Match with the ETag answers 304; a stale If-Range gets the whole file', async () => {
		const first = await get('/uploads/user-photos/u1/1.png')
		const etag = first.headers.get('etag')
		expect(etag).toMatch(/^"[0-9a-f]+"$/)
		const again = await get('/uploads/user-photos/u1/1.png', { 'if-none-match': etag! })
		expect(again.status).toBe(304)
		expect(await again.text()).toBe('')

		const stale = await get('/uploads/hero-videos/hero-1.mp4', { range: 'bytes=0-9', 'if-range': '"outro"' })
		expect(stale.status).toBe(200)
	})

	test('anything not an image or video is a download, never rendered', async () => {
		const response = await get('/uploads/user-photos/u1/2.txt')
		expect(response.headers.get('content-disposition')).toBe('attachment; filename="2.txt"')
	})

	test('a photo awaiting approval is only for its owner and the admin; to anyone else it does not exist', async () => {
		expect((await get('/uploads/user-photos/u3/1.png')).status).toBe(404)
		const stranger = await userWithSession()
		expect((await get('/uploads/user-photos/u3/1.png', { cookie: stranger.cookie })).status).toBe(404)
		const own = await get('/uploads/user-photos/u3/1.png', { cookie: owner.cookie })
		expect(own.status).toBe(200)
		expect(own.headers.get('cache-control')).toBe('private, no-store')
		const admin = await userWithSession({ admin: true })
		expect((await get('/uploads/user-photos/u3/1.png', { cookie: admin.cookie })).status).toBe(200)
		expect((await get('/uploads/user-photos/u1/1.png')).headers.get('cache-control')).toBe('public, max-age=86400')
	})

	test('unknown keys 404, unsafe keys 400, unknown buckets 404', async () => {
		expect((await get('/uploads/user-photos/u1/9.png')).status).toBe(404)
		expect((await get('/uploads/user-photos/..%2F..%2Fetc%2Fpasswd')).status).toBe(400)
		expect((await get('/uploads/user-photos/.meta%2Fu1%2F1.png.json')).status).toBe(400)
		expect((await get('/uploads/segredos/x.png')).status).toBe(404)
	})

	describe('personalizacao-arquivos is private', () => {
		test('anonymous visitors are sent to sign in', async () => {
			const response = await get('/uploads/personalizacao-arquivos/rosto_pet_s1_1.png')
			expect(response.status).toBe(302)
			expect(response.headers.get('location')).toMatch(/^\/auth\?redirectTo=/)
		})

		test('customers are turned away', async () => {
			const customer = await userWithSession()
			const response = await get('/uploads/personalizacao-arquivos/rosto_pet_s1_1.png', { cookie: customer.cookie })
			expect(response.status).toBe(302)
			expect(response.headers.get('location')).toBe('/')
		})

		test('the admin downloads it, kept out of shared caches', async () => {
			const admin = await userWithSession({ admin: true })
			const response = await get('/uploads/personalizacao-arquivos/rosto_pet_s1_1.png', { cookie: admin.cookie })
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toBe('image/png')
			expect(response.headers.get('cache-control')).toBe('private, max-age=3600')
		})
	})

	describe('?w=: smaller copies of raster photos', () => {
		const variantsOf = (key: string) => path.join(dataDir, 'cache', 'images', 'user-photos', key)

		test('resizes a JPEG to WebP at the width asked, keeping the proportions and the locked-down headers', async () => {
			const response = await get('/uploads/user-photos/u2/1700000000000.jpg?w=320')
			expect(response.status).toBe(200)
			expect(Object.fromEntries(response.headers)).toMatchObject({
				'content-type': 'image/webp',
				'x-content-type-options': 'nosniff',
				'content-security-policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
				'cross-origin-resource-policy': 'same-origin',
				'content-disposition': 'inline; filename="1700000000000-320.webp"',
				'cache-control': 'public, max-age=86400',
			})
			const bytes = Buffer.from(await response.arrayBuffer())
			expect(response.headers.get('content-length')).toBe(String(bytes.byteLength))
			const metadata = await sharp(bytes).metadata()
			expect(metadata).toMatchObject({ format: 'webp', width: 320, height: 240 })
			expect(bytes.byteLength).toBeLessThan(photo.byteLength / 5)
		})

		test('the second request is served from the disk cache, not resized again', async () => {
			await get('/uploads/user-photos/u2/1700000000000.jpg?w=480')
			const [file, ...others] = (await readdir(variantsOf('u2/1700000000000.jpg'))).filter((name) => name.endsWith('-w480.webp'))
			expect(others).toEqual([])
			const cached = path.join(variantsOf('u2/1700000000000.jpg'), file!)
			const before = await stat(cached)

			const again = await get('/uploads/user-photos/u2/1700000000000.jpg?w=480')
			expect(again.status).toBe(200)
			expect(Buffer.from(await again.arrayBuffer()).equals(await readFile(cached))).toBe(true)
			const after = await stat(cached)
			// A new resize would have renamed a new file into place (a new inode).
			expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs])
		})

		test('never enlarges: a width above the original answers the original size', async () => {
			const response = await get('/uploads/user-photos/u2/1700000000001.png?w=1280')
			const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
			// The PNG's transparency survives the WebP conversion.
			expect(metadata).toMatchObject({ format: 'webp', width: 1000, height: 800, hasAlpha: true })
		})

		test('concurrent requests for a new variant all get the same whole file; no temporary files are left', async () => {
			const responses = await Promise.all(Array.from({ length: 6 }, () => get('/uploads/user-photos/u2/1700000000001.png?w=640')))
			const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())))
			expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
			// Buffer.equals: toEqual walks a large buffer byte by byte, for seconds.
			for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true)
			expect((await sharp(bodies[0]).metadata()).width).toBe(640)
			const files = await readdir(variantsOf('u2/1700000000001.png'))
			expect(files.filter((name) => name.startsWith('.tmp-'))).toEqual([])
			expect(files.filter((name) => name.endsWith('-w640.webp'))).toHaveLength(1)
		})

		test('If-None-Match with the variant ETag answers 304; it differs from the original and per width', async () => {
			const first = await get('/uploads/user-photos/u2/1700000000000.jpg?w=160')
			const etag = first.headers.get('etag')!
			expect(etag).toMatch(/^"[0-9a-f]+-w160"$/)
			expect(etag).not.toBe((await get('/uploads/user-photos/u2/1700000000000.jpg')).headers.get('etag'))
			expect((await get('/uploads/user-photos/u2/1700000000000.jpg?w=160', { 'if-none-match': etag })).status).toBe(304)
			expect((await get('/uploads/user-photos/u2/1700000000000.jpg?w=320', { 'if-none-match': etag })).status).toBe(200)
		})

		test('widths outside the list are refused with a Portuguese message', async () => {
			for (const query of ['w=300', 'w=0', 'w=-320', 'w=abc', 'w=320.5', 'w=', 'w=99999999', 'w=320&w=480']) {
				const response = await get(`/uploads/user-photos/u2/1700000000000.jpg?${query}`)
				expect(response.status, query).toBe(400)
				expect(await response.text()).toBe('Largura de imagem inválida. Use 160, 320, 480, 640, 960 ou 1280.')
				expect(response.headers.get('cache-control')).toBe('no-store')
			}
		})

		test('videos and other non-raster files ignore ?w= and are sent as they are', async () => {
			const response = await get('/uploads/hero-videos/hero-1.mp4?w=320')
			expect(response.headers.get('content-type')).toBe('video/mp4')
			expect(new Uint8Array(await response.arrayBuffer())).toEqual(video)
		})

		test('a photo sharp cannot read falls back to the original instead of failing', async () => {
			const response = await get('/uploads/user-photos/u2/1700000000002.jpg?w=320')
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toBe('image/jpeg')
			expect(response.headers.get('content-length')).toBe('400')
		})

		test('the private bucket keeps its permission check: anonymous visitors and customers get no variant', async () => {
			const anonymous = await get('/uploads/personalizacao-arquivos/rosto_pet_s1_2.jpg?w=320')
			expect(anonymous.status).toBe(302)
			expect(anonymous.headers.get('location')).toMatch(/^\/auth\?redirectTo=/)
			const customer = await userWithSession()
			const refused = await get('/uploads/personalizacao-arquivos/rosto_pet_s1_2.jpg?w=320', { cookie: customer.cookie })
			expect(refused.status).toBe(302)

			const admin = await userWithSession({ admin: true })
			const allowed = await get('/uploads/personalizacao-arquivos/rosto_pet_s1_2.jpg?w=320', { cookie: admin.cookie })
			expect(allowed.status).toBe(200)
			expect(allowed.headers.get('content-type')).toBe('image/webp')
			expect(allowed.headers.get('cache-control')).toBe('private, max-age=3600')
		})

		test('deleting an upload deletes its variants', async () => {
			await get('/uploads/user-photos/u2/1700000000001.png?w=160')
			await deleteUpload('user-photos', 'u2/1700000000001.png')
			await expect(stat(variantsOf('u2/1700000000001.png'))).rejects.toThrow()
			expect((await get('/uploads/user-photos/u2/1700000000001.png?w=160')).status).toBe(404)
		})
	})
})
