import path from 'node:path'
import { HeadBucketCommand } from '@aws-sdk/client-s3'
import type { Env } from '~/server/env.server'
import type { StorageBackend } from './driver.server'
import { VARIANT_KEY_DEPTH } from './keys.server'
import { createLocalDiskDriver } from './local/driver.server'
import { type S3Config, createS3Client, s3Status } from './s3/client.server'
import { createS3Driver } from './s3/driver.server'
import { probeWritableDir } from './writable-dir.server'

/**
 * The storage STORAGE_DRIVER chose (decision 080). Built once per configuration and kept on
 * globalThis: the HTTP entry and the React Router build are separate bundles, and the S3 client
 * keeps a pool of sockets that one process should share. Tests that change the environment get
 * a new one (the key is the configuration).
 */

/** Buckets whose objects anyone may read (keys.server.ts BUCKET_VISIBILITY): the only ones given a public URL. */
const PUBLIC_PREFIXES = new Set(['product-images', 'hero-videos'])

/** The variants' folder in the S3 bucket and under DATA_DIR (images/variants.server.ts). */
export const VARIANTS_PREFIX = 'cache/images/'

export function createLocalBackend(dataDir: string): StorageBackend {
	const uploads = path.resolve(dataDir, 'uploads')
	return {
		kind: 'local',
		bucket: (name) => createLocalDiskDriver(path.join(uploads, name)),
		variants: () => createLocalDiskDriver(path.resolve(dataDir, VARIANTS_PREFIX), { maxDepth: VARIANT_KEY_DEPTH, pruneEmptyFolders: true }),
		async check() {
			const probe = await probeWritableDir(uploads)
			return probe.writable ? { ok: true } : { ok: false, code: probe.code, detail: probe.detail }
		},
		async close() {},
	}
}

export function createS3Backend(config: S3Config): StorageBackend {
	const client = createS3Client(config)
	return {
		kind: 's3',
		bucket: (name) =>
			createS3Driver({
				client,
				bucket: config.bucket,
				prefix: `${name}/`,
				...(config.publicUrl && PUBLIC_PREFIXES.has(name) ? { publicBaseUrl: config.publicUrl } : {}),
			}),
		variants: () => createS3Driver({ client, bucket: config.bucket, prefix: VARIANTS_PREFIX, maxDepth: VARIANT_KEY_DEPTH }),
		async check() {
			try {
				await client.send(new HeadBucketCommand({ Bucket: config.bucket }))
				return { ok: true }
			} catch (error) {
				const status = s3Status(error)
				return { ok: false, code: status ? `HTTP ${status}` : ((error as { code?: string }).code ?? 'erro'), detail: String((error as Error).message ?? error) }
			}
		},
		async close() {
			client.destroy()
		},
	}
}

export function s3ConfigOf(env: Env): S3Config | null {
	if (env.STORAGE_DRIVER !== 's3') return null
	return {
		...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
		bucket: env.S3_BUCKET ?? '',
		region: env.S3_REGION,
		accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
		secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
		forcePathStyle: env.S3_FORCE_PATH_STYLE,
		...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL } : {}),
	}
}

const KEY = Symbol.for('loja.storage-backend')
type GlobalWithStorage = typeof globalThis & { [KEY]?: { config: string; backend: StorageBackend } }

export function storageBackendFor(env: Env): StorageBackend {
	const s3 = s3ConfigOf(env)
	const config = JSON.stringify(s3 ?? { local: path.resolve(env.DATA_DIR) })
	const globals = globalThis as GlobalWithStorage
	const current = globals[KEY]
	if (current?.config === config) return current.backend
	void current?.backend.close()
	const backend = s3 ? createS3Backend(s3) : createLocalBackend(env.DATA_DIR)
	globals[KEY] = { config, backend }
	return backend
}
