import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PNG_BYTES, mp4Bytes } from '#tests/fixtures/media'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetEnvForTests } from '~/server/env.server'
import { getBucketStorage } from '~/server/storage.server'
import { loader } from './uploads'

withTestDatabase()

let dataDir: string
const video = mp4Bytes(10_000)
beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'loja-uploads-route-'))
	process.env.DATA_DIR = dataDir
	resetEnvForTests()
	await getBucketStorage('hero-videos').put('hero-1.mp4', video, 'video/mp4')
	await getBucketStorage('user-photos').put('u1/1.png', PNG_BYTES, 'image/png')
	await getBucketStorage('user-photos').put('u1/2.txt', new TextEncoder().encode('oi'), 'text/plain')
	await getBucketStorage('personalizacao-arquivos').put('rosto_pet_s1_1.png', PNG_BYTES, 'image/png')
})
afterAll(async () => {
	delete process.env.DATA_DIR
	resetEnvForTests()
	await rm(dataDir, { recursive: true, force: true })
})

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
	const request = new Request(`http://loja.test${url}`, { headers })
	const [, , bucket = '', ...rest] = new URL(request.url).pathname.split('/')
	const args = { request, params: { bucket, '*': decodeURIComponent(rest.join('/')) }, context: {} }
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
})
