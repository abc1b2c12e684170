import { createHash, randomBytes } from 'node:crypto'
import { type Dirent, createReadStream, createWriteStream } from 'node:fs'
import { link, mkdir, readdir, readFile, rm, rmdir, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { StorageDriver, StoredObject } from '../driver.server'
import { assertSafeKey } from '../keys.server'

type Metadata = { contentType: string; sha256: string }

/**
 * Files under `root/<key>`; each file's content type and hash in `root/.meta/<key>.json`
 * (a key can never start with '.', so the metadata folder cannot collide with a key).
 */
async function linkUnlessTaken(from: string, to: string): Promise<boolean> {
	try {
		await link(from, to)
		return true
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
		throw error
	}
}

/** Removes `folder` and its parents up to (not including) `stop` while they are empty. */
async function pruneEmptyFolders(folder: string, stop: string): Promise<void> {
	let current = folder
	while (current.startsWith(stop + path.sep)) {
		try {
			await rmdir(current)
		} catch {
			return // not empty (or already gone): its parents are not empty either
		}
		current = path.dirname(current)
	}
}

/**
 * `maxDepth`: segments a key may have (2 for upload buckets, 4 for the variants' area);
 * `pruneEmptyFolders`: delete removes the folders it leaves empty.
 */
export function createLocalDiskDriver(root: string, options: { maxDepth?: number; pruneEmptyFolders?: boolean } = {}): StorageDriver {
	const base = path.resolve(root)
	const maxDepth = options.maxDepth ?? 2

	function pathsFor(key: string) {
		assertSafeKey(key, maxDepth)
		const file = path.resolve(base, key)
		// Belt and braces: whatever the key rules say, never leave the bucket folder.
		if (!file.startsWith(base + path.sep)) throw new Error('Chave de arquivo fora do diretório do bucket')
		return { file, meta: path.join(base, '.meta', `${key}.json`) }
	}

	async function readMetadata(metaPath: string): Promise<Metadata | null> {
		try {
			return JSON.parse(await readFile(metaPath, 'utf8')) as Metadata
		} catch {
			return null
		}
	}

	/**
	 * Writes beside the targets, then hard-links into place: a link fails when the name is
	 * taken (no overwrite, no race between two servers) and readers never see a half-written
	 * file. The metadata goes first, so a reader never finds a file without its content type,
	 * and it doubles as the claim on the key; it gets the hash once the bytes are in (a
	 * stream's hash is known only at its end).
	 */
	async function store(key: string, contentType: string, write: (temporaryFile: string) => Promise<string>): Promise<boolean> {
		const { file, meta } = pathsFor(key)
		await mkdir(path.dirname(file), { recursive: true })
		await mkdir(path.dirname(meta), { recursive: true })
		const suffix = randomBytes(8).toString('hex')
		const temporaryMeta = path.join(path.dirname(meta), `.tmp-${suffix}`)
		const temporaryFile = path.join(path.dirname(file), `.tmp-${suffix}`)
		let claimed = false
		let stored = false
		try {
			await writeFile(temporaryMeta, JSON.stringify({ contentType, sha256: '' } satisfies Metadata))
			if (!(await linkUnlessTaken(temporaryMeta, meta))) return false
			claimed = true
			const sha256 = await write(temporaryFile)
			// temporaryMeta and meta are one file (hard link): this completes the claim in place.
			// Nobody reads it yet: the bytes are linked into place only below.
			await writeFile(meta, JSON.stringify({ contentType, sha256 } satisfies Metadata))
			// A file without metadata was there (copied in by hand): leave it alone.
			if (!(await linkUnlessTaken(temporaryFile, file))) return false
			stored = true
			return true
		} finally {
			if (claimed && !stored) await unlink(meta).catch(() => {})
			await unlink(temporaryMeta).catch(() => {})
			await unlink(temporaryFile).catch(() => {})
		}
	}

	async function* walk(folder: string): AsyncGenerator<{ key: string; lastModified: Date; size: number }> {
		let entries: Dirent[]
		try {
			entries = await readdir(folder, { withFileTypes: true, recursive: true })
		} catch {
			return
		}
		for (const entry of entries) {
			if (!entry.isFile()) continue
			const key = path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')
			// The metadata folder and temporary files are not objects.
			if (key.startsWith('.') || key.includes('/.')) continue
			const info = await stat(path.join(base, key)).catch(() => null)
			if (info) yield { key, lastModified: info.mtime, size: info.size }
		}
	}

	return {
		async put(key, bytes, contentType) {
			return store(key, contentType, async (temporaryFile) => {
				await writeFile(temporaryFile, bytes)
				return createHash('sha256').update(bytes).digest('hex')
			})
		},

		async putStream(key, body, contentType) {
			return store(key, contentType, async (temporaryFile) => {
				const hash = createHash('sha256')
				const hashing = new Transform({
					transform(chunk: Buffer, _encoding, callback) {
						hash.update(chunk)
						callback(null, chunk)
					},
				})
				await pipeline(Readable.fromWeb(body as NodeReadableStream), hashing, createWriteStream(temporaryFile))
				return hash.digest('hex')
			})
		},

		async get(key) {
			const { file, meta } = pathsFor(key)
			let info: Awaited<ReturnType<typeof stat>>
			try {
				info = await stat(file)
			} catch {
				return null
			}
			if (!info.isFile()) return null
			const metadata = await readMetadata(meta)
			const object: StoredObject = {
				key,
				contentType: metadata?.contentType ?? 'application/octet-stream',
				size: info.size,
				etag: `"${metadata?.sha256.slice(0, 32) || `${info.size.toString(16)}-${info.mtimeMs.toString(16)}`}"`,
				lastModified: info.mtime,
				body(range) {
					const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {})
					return Readable.toWeb(stream) as ReadableStream<Uint8Array>
				},
			}
			return object
		},

		async delete(key) {
			const { file, meta } = pathsFor(key)
			await rm(file, { force: true })
			await rm(meta, { force: true })
			// The variants' area: a deleted upload's folder of widths goes once empty. (Not the upload
			// buckets: a folder removed there could race with an upload writing into it.)
			if (options.pruneEmptyFolders) {
				await pruneEmptyFolders(path.dirname(file), base)
				await pruneEmptyFolders(path.dirname(meta), path.join(base, '.meta'))
			}
		},

		async exists(key) {
			const { file } = pathsFor(key)
			try {
				return (await stat(file)).isFile()
			} catch {
				return false
			}
		},

		async *list(prefix = '') {
			// A folder prefix ('u1/') walks that folder only; any other prefix filters the whole walk.
			const folder = prefix.endsWith('/') ? prefix.slice(0, -1) : ''
			if (folder !== '') assertSafeKey(folder, maxDepth)
			for await (const entry of walk(folder ? path.join(base, folder) : base)) {
				if (entry.key.startsWith(prefix)) yield entry
			}
		},

		async storedSha256(key) {
			const { meta } = pathsFor(key)
			const metadata = await readMetadata(meta)
			return metadata?.sha256 ? metadata.sha256 : null
		},

		async signedUrl() {
			// Every byte of a local file goes through the app's access checks.
			return null
		},

		publicUrl() {
			return null
		},
	}
}
