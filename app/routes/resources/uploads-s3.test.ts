import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { mp4Bytes } from '#tests/fixtures/media'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { type RunningS3Server, startS3Server, useS3Env } from '#tests/support/s3-server'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { personalizationOrders, userPhotos } from '~/db/schema'
import { db } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { variantEncodeCount } from '~/server/images/variants.server'
import { receiveVideoUpload } from '~/server/media/video-upload.server'
import { getBucketStorage, getStorageBackend, saveUpload } from '~/server/storage.server'
import { loader as downloadLoader } from '~/routes/admin/custom-order-file'
import { loader } from './uploads'

/**
 * The uploads' access rules on an S3 bucket (issue 33, decision 080), through the app's own
 * routes: public product pictures go to the CDN (S3_PUBLIC_URL), their variants are made once
 * into the bucket, customer photos waiting for approval and personalization files are only
 * served after the app's checks, and the admin's download of a custom order's file is a
 * presigned GET that lives a minute.
 */

withTestDatabase()

let s3: RunningS3Server
let restoreEnv: () => void
let dataDir: string
let photo: Uint8Array
let owner: { id: string; cookie: string }
let faceOrderId = ''
let faceKey = ''

beforeAll(async () => {
	s3 = await startS3Server()
	restoreEnv = useS3Env({ ...s3, env: { ...s3.env, S3_PUBLIC_URL: 'https://cdn.loja.test' } })
	dataDir = await mkdtemp(path.join(tmpdir(), 'loja-uploads-s3-'))
	process.env.DATA_DIR = dataDir
	resetEnvForTests()
	expect(getStorageBackend().kind).toBe('s3')

	photo = new Uint8Array(
		await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
			.jpeg()
			.toBuffer(),
	)
	await getBucketStorage('product-images').put('p1/1700000000000.jpg', photo, 'image/jpeg')
	owner = await userWithSession()
	await getBucketStorage('user-photos').put('u1/1.jpg', photo, 'image/jpeg')
	await getBucketStorage('user-photos').put('u1/2.jpg', photo, 'image/jpeg')
	await db.insert(userPhotos).values([
		{ userId: owner.id, photoUrl: '/uploads/user-photos/u1/1.jpg', isApproved: true },
		{ userId: owner.id, photoUrl: '/uploads/user-photos/u1/2.jpg', isApproved: false },
	])
	const saved = await saveUpload({
		file: new File([photo as BlobPart], 'rosto.jpg', { type: 'image/jpeg' }),
		kind: 'image',
		bucket: 'personalizacao-arquivos',
		prefix: 'rosto_pet',
	})
	if (!saved.ok) throw new Error('upload falhou')
	faceKey = saved.upload.key
	const [row] = await db
		.insert(personalizationOrders)
		.values({ productType: 'bandana', selectedColor: 'Preto', totalPriceCents: 2990, petFaceFileUrl: saved.upload.url })
		.returning({ id: personalizationOrders.id })
	faceOrderId = row!.id
}, 60_000)

afterAll(async () => {
	restoreEnv?.()
	delete process.env.DATA_DIR
	resetEnvForTests()
	// Back on the local disk: the S3 client (and its sockets) is closed as the backend changes.
	expect(getStorageBackend().kind).toBe('local')
	await s3?.stop()
	if (dataDir) await rm(dataDir, { recursive: true, force: true })
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

describe('public pictures on S3', () => {
	test('the original goes to the CDN (S3_PUBLIC_URL), cacheable for a day', async () => {
		const response = await get('/uploads/product-images/p1/1700000000000.jpg')
		expect(response.status).toBe(302)
		expect(response.headers.get('location')).toBe('https://cdn.loja.test/product-images/p1/1700000000000.jpg')
		expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
	})

	test('a width is served by the app with today’s headers, made once into the bucket, found there by another server', async () => {
		const before = variantEncodeCount()
		const [first, second] = await Promise.all([
			get('/uploads/product-images/p1/1700000000000.jpg?w=320'),
			get('/uploads/product-images/p1/1700000000000.jpg?w=320'),
		])
		for (const response of [first, second]) {
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toBe('image/webp')
			expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
			expect(response.headers.get('vary')).toBe('Accept')
			const { width } = await sharp(new Uint8Array(await response.arrayBuffer())).metadata()
			expect(width).toBe(320)
		}
		expect(variantEncodeCount() - before).toBe(1)
		const stored = []
		for await (const entry of getStorageBackend().variants().list('product-images/p1/')) stored.push(entry.key)
		expect(stored).toEqual([expect.stringMatching(/^product-images\/p1\/1700000000000\.jpg\/[A-Za-z0-9-]+-w320\.webp$/)])

		// Another server: its own DATA_DIR, the same bucket. It reads the variant, it does not make it.
		const otherDataDir = await mkdtemp(path.join(tmpdir(), 'loja-outro-servidor-'))
		process.env.DATA_DIR = otherDataDir
		resetEnvForTests()
		try {
			const elsewhere = await get('/uploads/product-images/p1/1700000000000.jpg?w=320')
			expect(elsewhere.status).toBe(200)
			await elsewhere.arrayBuffer()
			expect(variantEncodeCount() - before).toBe(1)
		} finally {
			process.env.DATA_DIR = dataDir
			resetEnvForTests()
			await rm(otherDataDir, { recursive: true, force: true })
		}
	})
})

describe('private files on S3 pass the app’s checks', () => {
	test('an approved customer photo is served by the app (never a public bucket URL)', async () => {
		const response = await get('/uploads/user-photos/u1/1.jpg')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('image/jpeg')
		expect(new Uint8Array(await response.arrayBuffer())).toEqual(photo)
	})

	test('a photo waiting for approval: 404 to others, its owner sees it, never cached', async () => {
		expect((await get('/uploads/user-photos/u1/2.jpg')).status).toBe(404)
		const stranger = await userWithSession()
		expect((await get('/uploads/user-photos/u1/2.jpg', { cookie: stranger.cookie })).status).toBe(404)
		const mine = await get('/uploads/user-photos/u1/2.jpg', { cookie: owner.cookie })
		expect(mine.status).toBe(200)
		expect(mine.headers.get('cache-control')).toBe('private, no-store')
		await mine.arrayBuffer()
	})

	test('a personalization file: anonymous visitors sign in, customers are turned away, the admin gets it', async () => {
		const anonymous = await get(`/uploads/personalizacao-arquivos/${faceKey}`)
		expect(anonymous.status).toBe(302)
		expect(anonymous.headers.get('location')).toMatch(/^\/auth\?redirectTo=/)
		const customer = await userWithSession()
		expect((await get(`/uploads/personalizacao-arquivos/${faceKey}`, { cookie: customer.cookie })).headers.get('location')).toBe('/')
		const admin = await userWithSession({ admin: true })
		const allowed = await get(`/uploads/personalizacao-arquivos/${faceKey}`, { cookie: admin.cookie })
		expect(allowed.status).toBe(200)
		expect(allowed.headers.get('cache-control')).toBe('private, max-age=3600')
		expect(new Uint8Array(await allowed.arrayBuffer())).toEqual(photo)
	})

	test('the admin’s download of a custom order’s file is a presigned GET of a minute; customers get no URL', async () => {
		const call = async (cookie: string) => {
			const request = new Request(`http://loja.test/admin/pedidos-personalizados/${faceOrderId}/arquivo/rosto`, { headers: { cookie } })
			try {
				return (await downloadLoader({ request, params: { id: faceOrderId, campo: 'rosto' }, context: {} } as never)) as Response
			} catch (thrown) {
				return thrown as Response
			}
		}
		const customer = await userWithSession()
		const refused = await call(customer.cookie)
		expect(refused.status).toBe(302)
		expect(refused.headers.get('location')).toBe('/')

		const admin = await userWithSession({ admin: true })
		const response = await call(admin.cookie)
		expect(response.status).toBe(302)
		expect(response.headers.get('cache-control')).toBe('private, no-store')
		const signed = new URL(response.headers.get('location')!)
		expect(signed.origin).toBe(s3.endpoint)
		expect(signed.searchParams.get('X-Amz-Expires')).toBe('60')
		const download = await fetch(signed)
		expect(download.status).toBe(200)
		expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${faceKey}"`)
		expect(new Uint8Array(await download.arrayBuffer())).toEqual(photo)
	})
})

describe('banner videos stream into the bucket', () => {
	// No database involved; the file runs once, on PostgreSQL when the run has it (decision 130).
	test('a video is stored as it arrives; one that passes 50 MB without saying so is refused and leaves nothing', async () => {
		const stored = await receiveVideoUpload(new Request('http://loja.test/admin/video', { method: 'POST', body: mp4Bytes(300_000) as BlobPart }), 'hero')
		expect(stored).toMatchObject({ ok: true, upload: { bucket: 'hero-videos', contentType: 'video/mp4', size: 300_000 } })

		// Chunked, no Content-Length: the size is only known as the bytes arrive.
		const chunk = new Uint8Array(256 * 1024)
		let sent = 0
		const endless = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (sent > 52 * 1024 * 1024) return controller.close()
				controller.enqueue(sent === 0 ? mp4Bytes(chunk.byteLength) : chunk)
				sent += chunk.byteLength
			},
		})
		const refused = await receiveVideoUpload(
			new Request('http://loja.test/admin/video', { method: 'POST', body: endless, duplex: 'half' } as RequestInit),
			'subscription-cta',
		)
		expect(refused).toMatchObject({ ok: false, error: { code: 'too_large', status: 413 } })
		const keys = []
		for await (const entry of getBucketStorage('hero-videos').list()) keys.push(entry.key)
		expect(keys).toEqual([stored.ok ? stored.upload.key : ''])
	}, 60_000)
})
