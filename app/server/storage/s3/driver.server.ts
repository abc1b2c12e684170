import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import {
	DeleteObjectCommand,
	GetObjectCommand,
	HeadObjectCommand,
	type HeadObjectCommandOutput,
	ListObjectsV2Command,
	PutObjectCommand,
	type S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { StorageDriver, StoredObject } from '../driver.server'
import { assertSafeKey } from '../keys.server'
import { isNotFound, s3Status } from './client.server'

/**
 * One logical bucket inside the S3 bucket: every key under `prefix` (`product-images/`). Same
 * rules as the local disk (driver.server.ts), the same contract tests:
 *
 * - put never overwrites: a HEAD first, then PutObject with `If-None-Match: *`, which AWS S3,
 *   MinIO, R2 and Ceph honour (412 → false). A server that ignores the header leaves a window
 *   of one request between two servers writing the same key in the same millisecond (keys carry
 *   a timestamp, personalization keys 128 random bits: decision 080).
 * - putStream goes through lib-storage's multipart upload, 5 MB parts, one in flight: a 50 MB
 *   video never sits in memory; a failed stream aborts the upload (no parts left behind) and
 *   its own error is rethrown.
 * - the content type and the SHA-256 (when known) travel as the object's headers and metadata.
 */

/** S3's smallest part (except the last): the memory one upload holds, with one part in flight. */
export const PART_BYTES = 5 * 1024 * 1024

export function createS3Driver(options: {
	client: S3Client
	bucket: string
	/** '' or a folder ending in '/'. */
	prefix: string
	maxDepth?: number
	/** S3_PUBLIC_URL: objects of this prefix are readable there. */
	publicBaseUrl?: string
}): StorageDriver {
	const { client, bucket, prefix } = options
	const maxDepth = options.maxDepth ?? 2

	function objectKey(key: string): string {
		assertSafeKey(key, maxDepth)
		return `${prefix}${key}`
	}

	async function head(key: string): Promise<HeadObjectCommandOutput | null> {
		try {
			return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
		} catch (error) {
			if (isNotFound(error)) return null
			throw error
		}
	}

	function lazyBody(key: string, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
		// The GET starts when the consumer first reads (a 304 or a HEAD never opens it), and a
		// cancelled response cancels it, so its socket goes back to the pool.
		let reader: ReadableStreamDefaultReader<Uint8Array> | null = null
		return new ReadableStream<Uint8Array>(
			{
				async pull(controller) {
					if (!reader) {
						const response = await client.send(
							new GetObjectCommand({
								Bucket: bucket,
								Key: objectKey(key),
								...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
							}),
						)
						if (!response.Body) throw new Error(`Objeto sem corpo: ${key}`)
						reader = (response.Body.transformToWebStream() as ReadableStream<Uint8Array>).getReader()
					}
					const next = await reader.read()
					if (next.done) controller.close()
					else controller.enqueue(next.value)
				},
				async cancel(reason) {
					await reader?.cancel(reason)
				},
			},
			{ highWaterMark: 0 },
		)
	}

	return {
		async put(key, bytes, contentType, putOptions) {
			if (await head(key)) return false
			const sha256 = putOptions?.sha256 ?? createHash('sha256').update(bytes).digest('hex')
			try {
				await client.send(
					new PutObjectCommand({
						Bucket: bucket,
						Key: objectKey(key),
						Body: bytes,
						ContentType: contentType,
						ContentLength: bytes.byteLength,
						Metadata: { sha256 },
						IfNoneMatch: '*',
					}),
				)
				return true
			} catch (error) {
				if (s3Status(error) === 412) return false
				throw error
			}
		},

		async putStream(key, body, contentType, putOptions) {
			if (await head(key)) return false
			// The caller's stream is read once, by lib-storage; its error (a body over the limit, a
			// cancelled upload) is what the caller must see, not the SDK's wrapping of it.
			let streamError: unknown = null
			const reader = body.getReader()
			const source = new ReadableStream<Uint8Array>(
				{
					async pull(controller) {
						try {
							const next = await reader.read()
							if (next.done) controller.close()
							else controller.enqueue(next.value)
						} catch (error) {
							streamError = error
							controller.error(error)
						}
					},
					async cancel(reason) {
						await reader.cancel(reason).catch(() => {})
					},
				},
				{ highWaterMark: 0 },
			)
			const upload = new Upload({
				client,
				params: {
					Bucket: bucket,
					Key: objectKey(key),
					Body: Readable.fromWeb(source as NodeReadableStream<Uint8Array>),
					ContentType: contentType,
					...(putOptions?.sha256 ? { Metadata: { sha256: putOptions.sha256 } } : {}),
				},
				partSize: PART_BYTES,
				queueSize: 1,
				leavePartsOnError: false,
			})
			try {
				await upload.done()
				return true
			} catch (error) {
				// lib-storage aborted the multipart upload; a single-part one never completed.
				await upload.abort().catch(() => {})
				if (s3Status(error) === 412) return false
				throw streamError ?? error
			}
		},

		async get(key) {
			const found = await head(key)
			if (!found) return null
			const object: StoredObject = {
				key,
				contentType: found.ContentType ?? 'application/octet-stream',
				size: found.ContentLength ?? 0,
				etag: found.ETag ?? `"${(found.ContentLength ?? 0).toString(16)}"`,
				lastModified: found.LastModified ?? new Date(0),
				body: (range) => lazyBody(key, range),
			}
			return object
		},

		async delete(key) {
			await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
		},

		async exists(key) {
			return (await head(key)) !== null
		},

		async *list(listPrefix = '') {
			let token: string | undefined
			do {
				const page = await client.send(
					new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${listPrefix}`, ContinuationToken: token }),
				)
				for (const item of page.Contents ?? []) {
					if (!item.Key?.startsWith(prefix)) continue
					yield { key: item.Key.slice(prefix.length), lastModified: item.LastModified ?? new Date(0), size: item.Size ?? 0 }
				}
				token = page.IsTruncated ? page.NextContinuationToken : undefined
			} while (token)
		},

		async storedSha256(key) {
			const found = await head(key)
			return found?.Metadata?.sha256 ?? null
		},

		async signedUrl(key, signOptions) {
			const filename = (signOptions.filename ?? key.split('/').pop() ?? 'arquivo').replace(/[^A-Za-z0-9._-]/g, '_')
			const command = new GetObjectCommand({
				Bucket: bucket,
				Key: objectKey(key),
				...(signOptions.disposition ? { ResponseContentDisposition: `${signOptions.disposition}; filename="${filename}"` } : {}),
				ResponseCacheControl: 'private, no-store',
			})
			return getSignedUrl(client, command, { expiresIn: signOptions.expiresInSeconds })
		},

		publicUrl(key) {
			if (!options.publicBaseUrl) return null
			return `${options.publicBaseUrl}/${objectKey(key)
				.split('/')
				.map((segment) => encodeURIComponent(segment))
				.join('/')}`
		},
	}
}
