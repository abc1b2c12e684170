/**
 * Where uploaded bytes live. The app talks to these interfaces only, so the storage backend is a
 * deployment choice (STORAGE_DRIVER, decision 080):
 *
 * - local disk (local/driver.server.ts): `${DATA_DIR}/uploads/<bucket>/<key>`, the default; fine
 *   for one app server, or several sharing a network volume.
 * - an S3-compatible bucket (s3/driver.server.ts: AWS S3, MinIO, Garage, Ceph, R2…), for several
 *   app servers on several machines: one bucket, one prefix per logical bucket
 *   (`product-images/<key>`), the image variants under `cache/images/`.
 *
 * Both pass the same contract tests (driver-contract.test.ts). Keys reaching a driver are
 * already checked by isSafeKey (keys.server.ts); drivers check again, because a path is the last
 * line of defence.
 */
export type StoredObject = {
	key: string
	contentType: string
	/** Bytes. */
	size: number
	/** A strong validator for If-None-Match (quoted, as sent in the ETag header). */
	etag: string
	lastModified: Date
	/** The bytes, or the inclusive byte range [start, end] of them, as a web stream. */
	body(range?: { start: number; end: number }): ReadableStream<Uint8Array>
}

export type PutOptions = {
	/** The bytes' SHA-256 (hex) when the caller knows it: kept with the object (storage:migrate compares it). */
	sha256?: string
}

export interface StorageDriver {
	/**
	 * Stores `bytes` under `key`. Never overwrites: resolves false (and stores nothing)
	 * when the key is taken, so two uploads in the same millisecond cannot clobber
	 * each other.
	 */
	put(key: string, bytes: Uint8Array, contentType: string, options?: PutOptions): Promise<boolean>
	/**
	 * Stores a stream under `key` without holding it in memory (videos of up to 50 MB), with
	 * put's rules: never overwrites (false), and nothing is left behind when the stream fails
	 * (a cancelled upload, a body over its limit): the stream's own error is rethrown.
	 */
	putStream(key: string, body: ReadableStream<Uint8Array>, contentType: string, options?: PutOptions): Promise<boolean>
	/** The object, or null when there is none. */
	get(key: string): Promise<StoredObject | null>
	/** Removes the object; removing a missing one is not an error. */
	delete(key: string): Promise<void>
	exists(key: string): Promise<boolean>
	/**
	 * Every stored key with its time (S3: ListObjectsV2), for clean-up jobs and storage:migrate;
	 * `prefix` ending in '/' keeps one folder (`u1/`), as a key prefix.
	 */
	list(prefix?: string): AsyncIterable<{ key: string; lastModified: Date; size: number }>
	/** The SHA-256 (hex) recorded with the object when it was stored, or null (unknown, or no object). */
	storedSha256(key: string): Promise<string | null>
	/**
	 * A URL that serves the object for `expiresInSeconds` without asking the app (S3's presigned
	 * GET), or null when the driver has none (local disk: the app serves every byte). Only handed
	 * out after the app's own access check, and short-lived: the URL is the permission.
	 */
	signedUrl(key: string, options: { expiresInSeconds: number; filename?: string; disposition?: 'inline' | 'attachment' }): Promise<string | null>
	/** The object's address on the public CDN (S3_PUBLIC_URL), or null: for public buckets only. */
	publicUrl(key: string): string | null
}

/** What /readyz and /healthz learn about the storage. */
export type StorageProbe = { ok: true } | { ok: false; code: string; detail: string }

/** One configured storage: a driver per logical bucket, plus the variants' area. */
export interface StorageBackend {
	readonly kind: 'local' | 's3'
	/** An upload bucket (keys.server.ts BUCKETS): keys of up to two segments. */
	bucket(name: string): StorageDriver
	/** The image variants (images/variants.server.ts): keys of up to four segments. */
	variants(): StorageDriver
	/** Whether a write (local) or a request to the bucket (S3) works now. */
	check(): Promise<StorageProbe>
	/** Frees what the backend holds (the S3 client's sockets). */
	close(): Promise<void>
}
