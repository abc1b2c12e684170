import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type RunningS3Server, startS3Server } from '#tests/support/s3-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalBackend, createS3Backend } from './backend.server'
import type { StorageBackend } from './driver.server'
import { migrateStorage } from './migrate.server'

/**
 * `npm run storage:migrate` (decision 080): a local shop's files copied into a real S3-compatible
 * bucket, verified by SHA-256, resumable, never overwriting what the bucket already holds.
 */
let s3: RunningS3Server
let dataDir: string
let local: StorageBackend
let bucket: StorageBackend

const text = (value: string) => new TextEncoder().encode(value)
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

beforeAll(async () => {
	s3 = await startS3Server()
	dataDir = await mkdtemp(path.join(tmpdir(), 'loja-migrar-'))
	local = createLocalBackend(dataDir)
	bucket = createS3Backend({
		endpoint: s3.endpoint,
		bucket: s3.bucket,
		region: 'us-east-1',
		accessKeyId: 'S3RVER',
		secretAccessKey: 'S3RVER',
		forcePathStyle: true,
	})
	await local.bucket('product-images').put('p1/1.jpg', text('foto do produto'), 'image/jpeg')
	await local.bucket('user-photos').put('u1/1.png', text('foto da cliente'), 'image/png')
	await local.bucket('hero-videos').put('hero-1.mp4', new Uint8Array(300_000).fill(7), 'video/mp4')
	await local.bucket('personalizacao-arquivos').put('rosto_pet_abc_1.png', text('rosto'), 'image/png')
	// Variants are not copied: the bucket makes its own.
	await local.variants().put('product-images/p1/1.jpg/abc-w320.webp', text('variante'), 'image/webp')
})
afterAll(async () => {
	await bucket?.close()
	await s3?.stop()
	if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('storage:migrate', () => {
	test('copies every upload with its type and hash; variants stay behind', async () => {
		const events: string[] = []
		const report = await migrateStorage({ source: local, target: bucket, onObject: (e) => events.push(`${e.bucket}/${e.key}:${e.result}`) })
		expect(report).toMatchObject({ copied: 4, skipped: 0, failed: [] })
		expect(events.sort()).toEqual([
			'hero-videos/hero-1.mp4:copiado',
			'personalizacao-arquivos/rosto_pet_abc_1.png:copiado',
			'product-images/p1/1.jpg:copiado',
			'user-photos/u1/1.png:copiado',
		])
		const video = await bucket.bucket('hero-videos').get('hero-1.mp4')
		expect(video).toMatchObject({ contentType: 'video/mp4', size: 300_000 })
		expect(await bucket.bucket('hero-videos').storedSha256('hero-1.mp4')).toBe(sha256(new Uint8Array(300_000).fill(7)))
		expect(await bucket.variants().exists('product-images/p1/1.jpg/abc-w320.webp')).toBe(false)
	})

	test('a second run (after an interruption) skips what is there with the same hash and copies the rest', async () => {
		await local.bucket('user-photos').put('u1/2.png', text('enviada depois'), 'image/png')
		const report = await migrateStorage({ source: local, target: bucket })
		expect(report).toMatchObject({ copied: 1, skipped: 4, failed: [] })
		expect(await bucket.bucket('user-photos').exists('u1/2.png')).toBe(true)
	})

	test('different bytes under the same key in the bucket are reported, never overwritten', async () => {
		await bucket.bucket('user-photos').put('u1/3.png', text('outra coisa'), 'image/png')
		await local.bucket('user-photos').put('u1/3.png', text('a original'), 'image/png')
		const report = await migrateStorage({ source: local, target: bucket })
		expect(report.failed).toEqual([{ bucket: 'user-photos', key: 'u1/3.png', reason: expect.stringContaining('não foi sobrescrito') }])
		const kept = await bucket.bucket('user-photos').get('u1/3.png')
		expect(await new Response(kept!.body()).text()).toBe('outra coisa')
	})
})
