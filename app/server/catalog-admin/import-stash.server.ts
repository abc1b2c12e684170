import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { getEnv } from '~/server/env.server'

/**
 * The product CSV between its check and the owner's confirmation (decision 070), kept on the
 * server's disk under DATA_DIR. The page then holds only a token: a 20 MB file is neither
 * written into the page nor sent a second time. A token is the admin's own (their id is in the
 * file name); files older than a day are removed when the next one is kept.
 */

const MAX_AGE_MS = 24 * 60 * 60 * 1000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function stashDir(): string {
	return path.resolve(getEnv().DATA_DIR, 'imports', 'produtos')
}

function stashPath(ownerId: string, token: string): string | null {
	if (!UUID.test(token) || !UUID.test(ownerId)) return null
	return path.join(stashDir(), `${ownerId}.${token}.csv`)
}

async function sweep(dir: string) {
	const now = Date.now()
	for (const name of await readdir(dir)) {
		const file = path.join(dir, name)
		const info = await stat(file).catch(() => null)
		if (info && now - info.mtimeMs > MAX_AGE_MS) await rm(file, { force: true })
	}
}

/** Writes the upload to disk as it arrives; the token to read it back with. */
export async function stashImportFile(ownerId: string, body: ReadableStream<Uint8Array>): Promise<string> {
	const dir = stashDir()
	await mkdir(dir, { recursive: true })
	await sweep(dir)
	const token = randomUUID()
	const file = stashPath(ownerId, token)
	if (!file) throw new Error('identificador de administrador inválido')
	try {
		await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), createWriteStream(file))
	} catch (error) {
		// A body cut midway (too large, connection dropped) leaves nothing behind.
		await rm(file, { force: true })
		throw error
	}
	return token
}

/** The kept file as a byte stream; null when the token is not this admin's or has expired. */
export async function openStashedImport(ownerId: string, token: string): Promise<AsyncIterable<Uint8Array> | null> {
	const file = stashPath(ownerId, token)
	if (!file) return null
	const info = await stat(file).catch(() => null)
	if (!info || Date.now() - info.mtimeMs > MAX_AGE_MS) return null
	return createReadStream(file)
}

export async function dropStashedImport(ownerId: string, token: string): Promise<void> {
	const file = stashPath(ownerId, token)
	if (file) await rm(file, { force: true })
}
