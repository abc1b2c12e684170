/**
 * Where uploaded bytes live. The app talks to this interface only, one driver per
 * bucket, so the storage backend is a deployment choice:
 *
 * - local disk (local-disk-driver.server.ts): `${DATA_DIR}/uploads/<bucket>/<key>`,
 *   the default; fine for one app server, or several sharing a network volume.
 * - S3-compatible object storage (AWS S3, MinIO, R2…), for several app servers without
 *   a shared disk: a driver would map put → PutObject (with `If-None-Match: *` for the
 *   no-overwrite rule), get → GetObject (passing Range through), delete → DeleteObject,
 *   exists → HeadObject, keeping the same keys. Not written yet: nothing needs it today.
 *
 * Keys reaching a driver are already checked by isSafeKey (keys.server.ts); drivers
 * check again, because a path is the last line of defence.
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

export interface StorageDriver {
	/**
	 * Stores `bytes` under `key`. Never overwrites: resolves false (and stores nothing)
	 * when the key is taken, so two uploads in the same millisecond cannot clobber
	 * each other.
	 */
	put(key: string, bytes: Uint8Array, contentType: string): Promise<boolean>
	/**
	 * Stores a stream under `key` without holding it in memory (videos of up to 50 MB), with
	 * put's rules: never overwrites (false), and nothing is left behind when the stream fails
	 * (a cancelled upload, a body over its limit): the error is rethrown.
	 */
	putStream(key: string, body: ReadableStream<Uint8Array>, contentType: string): Promise<boolean>
	/** The object, or null when there is none. */
	get(key: string): Promise<StoredObject | null>
	/** Removes the object; removing a missing one is not an error. */
	delete(key: string): Promise<void>
	exists(key: string): Promise<boolean>
	/** Every stored key with its time (S3: ListObjectsV2), for clean-up jobs. */
	list(): AsyncIterable<{ key: string; lastModified: Date }>
}
