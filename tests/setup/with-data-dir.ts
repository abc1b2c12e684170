import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { resetEnvForTests } from '~/server/env.server'

/**
 * A test file's own DATA_DIR (uploads), removed afterwards: files written by one test file
 * never reach another's, nor the checkout's ./data.
 */
export function withDataDir(prefix = 'loja-dados-') {
	let dataDir = ''
	beforeAll(async () => {
		dataDir = await mkdtemp(path.join(tmpdir(), prefix))
		process.env.DATA_DIR = dataDir
		resetEnvForTests()
	})
	afterAll(async () => {
		delete process.env.DATA_DIR
		resetEnvForTests()
		await rm(dataDir, { recursive: true, force: true })
	})
}
