import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test, vi } from 'vitest'
import { assertDataDirWritable } from './data-dir-check'

/**
 * The start-up check of DATA_DIR (issue 28) asks for a writable DATA_DIR only when the shop keeps
 * something there: on PostgreSQL with the uploads in a bucket (decision 080) it keeps nothing.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'loja-data-dir-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

// A DATA_DIR no one can write: the path goes through a file.
const file = path.join(scratch, 'arquivo')
writeFileSync(file, 'x')
const unwritable = path.join(file, 'dados')

test('PostgreSQL and an S3 bucket: an unwritable DATA_DIR does not stop the start', async () => {
	const exit = vi.spyOn(process, 'exit').mockImplementation((() => {
		throw new Error('não devia sair')
	}) as never)
	await assertDataDirWritable({ DATA_DIR: unwritable, DATABASE_URL: 'postgres://loja@127.0.0.1/loja', STORAGE_DRIVER: 's3' })
	expect(exit).not.toHaveBeenCalled()
})

test.each([
	['local uploads on PostgreSQL', { DATABASE_URL: 'postgres://loja@127.0.0.1/loja', STORAGE_DRIVER: 'local' as const }],
	['the embedded database with the uploads in a bucket', { DATABASE_URL: undefined, STORAGE_DRIVER: 's3' as const }],
])('%s: an unwritable DATA_DIR stops the start with exit code 1', async (_label, env) => {
	const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
		throw new Error(`saiu com ${code}`)
	}) as never)
	vi.spyOn(console, 'error').mockImplementation(() => {})
	await expect(assertDataDirWritable({ DATA_DIR: unwritable, ...env })).rejects.toThrow('saiu com 1')
	expect(exit).toHaveBeenCalledWith(1)
})
