import { S3Client } from '@aws-sdk/client-s3'

/** The S3_* settings (env.server.ts), as the driver needs them. */
export type S3Config = {
	/** Unset: AWS's own endpoint for the region. */
	endpoint?: string
	bucket: string
	region: string
	accessKeyId: string
	secretAccessKey: string
	/** `host/bucket/key` instead of `bucket.host/key`: MinIO, Garage, Ceph and most self-hosted servers. */
	forcePathStyle: boolean
	/** A CDN or public endpoint in front of the public prefixes, without a trailing slash. */
	publicUrl?: string
}

/**
 * One client per process (it keeps a pool of sockets). Checksums only where the API requires
 * them: since 2025 the SDK adds CRC32 checksums to every upload by default, which many
 * S3-compatible servers (older MinIO, Ceph, s3rver) refuse or ignore.
 */
export function createS3Client(config: S3Config): S3Client {
	// On Node 20 the SDK prints, once per process, that its versions published after January 2027
	// will need Node 22. The pinned version works on Node 20 (package.json engines); the notice is
	// for whoever upgrades the SDK (decision 080), and any process warning fails the tests (decision
	// 023). An operator who wants it sets the variable to 'false'.
	process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
	return new S3Client({
		...(config.endpoint ? { endpoint: config.endpoint } : {}),
		region: config.region,
		forcePathStyle: config.forcePathStyle,
		credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
		maxAttempts: 3,
	})
}

/** The HTTP status an SDK error carries (404 for a missing object, 412 for a taken key). */
export function s3Status(error: unknown): number | undefined {
	return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
}

export function isNotFound(error: unknown): boolean {
	const name = (error as { name?: string } | null)?.name
	return s3Status(error) === 404 || name === 'NotFound' || name === 'NoSuchKey'
}
