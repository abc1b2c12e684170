import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { type RunningS3Server, startS3Server } from '#tests/support/s3-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalBackend, createS3Backend } from './backend.server'
import type { StorageBackend } from './driver.server'
import { UnsafeKeyError } from './keys.server'

/**
 * The storage contract (decision 080): the same tests on the local disk and on a real
 * S3-compatible server (s3rver, started once for this file). Whatever the app does with one
 * driver it can do with the other.
 */

let s3: RunningS3Server
let dataDir: string
const backends: Record<'local' | 's3', StorageBackend> = {} as never

beforeAll(async () => {
	s3 = await startS3Server()
	dataDir = await mkdtemp(path.join(tmpdir(), 'loja-contrato-'))
	backends.local = createLocalBackend(dataDir)
	backends.s3 = createS3Backend({
		endpoint: s3.endpoint,
		bucket: s3.bucket,
		region: 'us-east-1',
		accessKeyId: 'S3RVER',
		secretAccessKey: 'S3RVER',
		forcePathStyle: true,
		publicUrl: 'https://cdn.loja.test',
	})
})
afterAll(async () => {
	await backends.s3?.close()
	await s3?.stop()
	if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
	return new Uint8Array(await new Response(stream).arrayBuffer())
}

function streamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
	return new ReadableStream({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk)
			controller.close()
		},
	})
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const text = (value: string) => new TextEncoder().encode(value)

class CutOff extends Error {}

describe.each(['local', 's3'] as const)('storage driver contract: %s', (kind) => {
	const bucket = () => backends[kind].bucket('user-photos')

	test('put stores the bytes with their type, size, a quoted ETag and a time; get reads them back', async () => {
		const bytes = text('foto de teste')
		expect(await bucket().put('u1/1.png', bytes, 'image/png')).toBe(true)
		const object = await bucket().get('u1/1.png')
		expect(object).toMatchObject({ key: 'u1/1.png', contentType: 'image/png', size: bytes.byteLength })
		expect(object?.etag).toMatch(/^"[^"]+"$/)
		expect(Math.abs((object?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000)
		expect(await bytesOf(object!.body())).toEqual(bytes)
		expect(await bucket().storedSha256('u1/1.png')).toBe(sha256(bytes))
	})

	test('put never overwrites: a taken key answers false and keeps the first bytes', async () => {
		expect(await bucket().put('u1/2.png', text('primeira'), 'image/png')).toBe(true)
		expect(await bucket().put('u1/2.png', text('segunda'), 'image/png')).toBe(false)
		expect(await bucket().putStream('u1/2.png', streamOf(text('terceira')), 'image/png')).toBe(false)
		expect(new TextDecoder().decode(await bytesOf((await bucket().get('u1/2.png'))!.body()))).toBe('primeira')
	})

	test('a byte range reads just those bytes', async () => {
		await bucket().put('u1/3.txt', text('0123456789'), 'text/plain')
		const object = await bucket().get('u1/3.txt')
		expect(new TextDecoder().decode(await bytesOf(object!.body({ start: 2, end: 5 })))).toBe('2345')
	})

	test('missing keys: get is null, exists is false, delete is no error; delete removes', async () => {
		expect(await bucket().get('u1/nada.png')).toBeNull()
		expect(await bucket().exists('u1/nada.png')).toBe(false)
		await bucket().delete('u1/nada.png')
		await bucket().put('u1/4.png', text('x'), 'image/png')
		expect(await bucket().exists('u1/4.png')).toBe(true)
		await bucket().delete('u1/4.png')
		expect(await bucket().exists('u1/4.png')).toBe(false)
		expect(await bucket().get('u1/4.png')).toBeNull()
	})

	test('keys we could not have generated are refused before any I/O', async () => {
		for (const key of ['../fora.png', 'a/b/c.png', '.meta/x.json', '/abs.png', 'a//b']) {
			await expect(bucket().put(key, text('x'), 'image/png')).rejects.toBeInstanceOf(UnsafeKeyError)
			await expect(bucket().get(key)).rejects.toBeInstanceOf(UnsafeKeyError)
		}
	})

	test('putStream stores a stream; a failing stream leaves nothing and its own error comes back', async () => {
		expect(await bucket().putStream('u2/video.mp4', streamOf(text('abc'), text('def')), 'video/mp4')).toBe(true)
		expect(new TextDecoder().decode(await bytesOf((await bucket().get('u2/video.mp4'))!.body()))).toBe('abcdef')

		const failure = new CutOff('cortado')
		const failing = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(new Uint8Array(64 * 1024))
			},
			pull(controller) {
				controller.error(failure)
			},
		})
		await expect(bucket().putStream('u2/cortado.mp4', failing, 'video/mp4')).rejects.toBe(failure)
		expect(await bucket().exists('u2/cortado.mp4')).toBe(false)
		// The key is free again.
		expect(await bucket().put('u2/cortado.mp4', text('ok'), 'video/mp4')).toBe(true)
	})

	test('list yields every key with its time and size; a folder prefix keeps that folder', async () => {
		const other = backends[kind].bucket('hero-videos')
		await other.put('hero-1.mp4', text('1'), 'video/mp4')
		await other.put('hero-2.mp4', text('22'), 'video/mp4')
		const all = []
		for await (const entry of other.list()) all.push(entry)
		expect(all.map((e) => e.key).sort()).toEqual(['hero-1.mp4', 'hero-2.mp4'])
		expect(all.find((e) => e.key === 'hero-2.mp4')?.size).toBe(2)
		expect(all.every((e) => e.lastModified instanceof Date)).toBe(true)

		await bucket().put('u9/1.png', text('a'), 'image/png')
		const folder = []
		for await (const entry of bucket().list('u9/')) folder.push(entry.key)
		expect(folder).toEqual(['u9/1.png'])
	})

	test('the variants area takes keys four segments deep, the upload buckets two', async () => {
		const variants = backends[kind].variants()
		const key = 'product-images/p1/1.jpg/abc123-w480.webp'
		expect(await variants.put(key, text('webp'), 'image/webp')).toBe(true)
		expect(await variants.exists(key)).toBe(true)
		const listed = []
		for await (const entry of variants.list('product-images/p1/1.jpg/')) listed.push(entry.key)
		expect(listed).toEqual([key])
		await expect(bucket().put('a/b/c/d.png', text('x'), 'image/png')).rejects.toBeInstanceOf(UnsafeKeyError)
	})

	test('the backend answers its readiness check', async () => {
		expect(await backends[kind].check()).toEqual({ ok: true })
	})

	test('signed URLs: S3 hands a short-lived GET that works without the app; the local disk has none', async () => {
		await bucket().put('u3/1.png', text('privada'), 'image/png')
		const url = await bucket().signedUrl('u3/1.png', { expiresInSeconds: 60, disposition: 'attachment', filename: 'foto.png' })
		if (kind === 'local') {
			expect(url).toBeNull()
			expect(bucket().publicUrl('u3/1.png')).toBeNull()
			return
		}
		expect(url).not.toBeNull()
		const signed = new URL(url!)
		expect(signed.searchParams.get('X-Amz-Expires')).toBe('60')
		const response = await fetch(signed)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-disposition')).toBe('attachment; filename="foto.png"')
		expect(await response.text()).toBe('privada')
		// Signed now, for a minute. (s3rver has no ACLs: that the bucket refuses unsigned reads is
		// the bucket's policy, decision 080, not something this test server can show.)
		const signedAt = signed.searchParams.get('X-Amz-Date') ?? ''
		const at = Date.parse(signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'))
		expect(Math.abs(at - Date.now())).toBeLessThan(60_000)
		// Private buckets get no public URL; public ones get S3_PUBLIC_URL's.
		expect(bucket().publicUrl('u3/1.png')).toBeNull()
		expect(backends.s3.bucket('product-images').publicUrl('p1/1.jpg')).toBe('https://cdn.loja.test/product-images/p1/1.jpg')
	})

	test('a 50 MB stream is stored without being held in memory', async () => {
		// The heap, measured after a full collection at every 4 MB read: live memory only, so a
		// driver that buffered the video whole would show 50 MB by the end.
		setFlagsFromString('--expose-gc')
		const gc = runInNewContext('gc') as () => void
		const total = 50 * 1024 * 1024
		const chunkBytes = 256 * 1024
		const live = () => {
			const usage = process.memoryUsage()
			return usage.heapUsed + usage.arrayBuffers
		}
		gc()
		const baseline = live()
		let sent = 0
		let peak = 0
		let pulls = 0
		const source = new ReadableStream<Uint8Array>(
			{
				pull(controller) {
					if (sent >= total) return controller.close()
					const chunk = new Uint8Array(chunkBytes).fill(sent / chunkBytes)
					sent += chunkBytes
					controller.enqueue(chunk)
					if (++pulls % 16 === 0) {
						gc()
						peak = Math.max(peak, live() - baseline)
					}
				},
			},
			{ highWaterMark: 0 },
		)
		expect(await bucket().putStream('u4/grande.mp4', source, 'video/mp4')).toBe(true)
		expect(sent).toBe(total)
		expect((await bucket().get('u4/grande.mp4'))?.size).toBe(total)
		expect(peak).toBeLessThan(24 * 1024 * 1024)
	})
})

test('an S3 backend whose bucket does not exist is not ready, with the reason', async () => {
	const wrong = createS3Backend({
		endpoint: s3.endpoint,
		bucket: 'nao-existe',
		region: 'us-east-1',
		accessKeyId: 'S3RVER',
		secretAccessKey: 'S3RVER',
		forcePathStyle: true,
	})
	try {
		expect(await wrong.check()).toMatchObject({ ok: false, code: 'HTTP 404' })
	} finally {
		await wrong.close()
	}
})
