import { randomUUID } from 'node:crypto'
import { getStorageBackend } from '~/server/storage.server'
import type { StorageDriver } from '~/server/storage/driver.server'

/**
 * The product CSV between its check and the owner's confirmation (decision 070), kept in the
 * shop's storage (decision 132): the local disk under DATA_DIR by default, the S3 bucket when
 * STORAGE_DRIVER=s3, so the check and the confirmation may reach different servers. The page then
 * holds only a token: a 20 MB file is neither written into the page nor sent a second time. A
 * token is the admin's own (their id is the key's folder); files older than a day are removed when
 * the next one is kept.
 *
 * The area is not one of the upload buckets (keys.server.ts BUCKETS), so no URL serves it, and
 * storage:migrate and the backup leave these day-old files out.
 */

const IMPORTS_AREA = 'product-imports'
const MAX_AGE_MS = 24 * 60 * 60 * 1000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function area(): StorageDriver {
	return getStorageBackend().bucket(IMPORTS_AREA)
}

function stashKey(ownerId: string, token: string): string | null {
	if (!UUID.test(token) || !UUID.test(ownerId)) return null
	return `${ownerId}/${token}.csv`
}

async function sweep(driver: StorageDriver) {
	const now = Date.now()
	for await (const object of driver.list()) {
		if (now - object.lastModified.getTime() > MAX_AGE_MS) await driver.delete(object.key)
	}
}

/** Streams the upload into storage as it arrives; the token to read it back with. */
export async function stashImportFile(ownerId: string, body: ReadableStream<Uint8Array>): Promise<string> {
	const driver = area()
	await sweep(driver)
	const token = randomUUID()
	const key = stashKey(ownerId, token)
	if (!key) throw new Error('identificador de administrador inválido')
	// A body cut midway (too large, connection dropped) leaves nothing behind: putStream's contract.
	if (!(await driver.putStream(key, body, 'text/csv'))) throw new Error('arquivo de importação já existe')
	return token
}

/** The kept file as a byte stream; null when the token is not this admin's or has expired. */
export async function openStashedImport(ownerId: string, token: string): Promise<AsyncIterable<Uint8Array> | null> {
	const key = stashKey(ownerId, token)
	if (!key) return null
	const object = await area().get(key)
	if (!object || Date.now() - object.lastModified.getTime() > MAX_AGE_MS) return null
	return object.body() as unknown as AsyncIterable<Uint8Array>
}

export async function dropStashedImport(ownerId: string, token: string): Promise<void> {
	const key = stashKey(ownerId, token)
	if (key) await area().delete(key)
}
