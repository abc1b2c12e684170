import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createStorageHealth, probeWritableDir, unwritableDataDirMessage } from './writable-dir.server'

const scratch = mkdtempSync(path.join(tmpdir(), 'loja-gravavel-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('DATA_DIR write check (issue 28)', () => {
	test('a writable directory (created if missing) passes and keeps no probe file', async () => {
		const directory = path.join(scratch, 'nova', 'pasta')
		expect(await probeWritableDir(directory)).toEqual({ writable: true })
		expect(readdirSync(directory)).toEqual([])
	})

	test('a path through a file fails with its code; the message names the directory in Portuguese and English', async () => {
		// Root ignores permission bits: a file where the directory should be fails for everyone.
		const file = path.join(scratch, 'arquivo')
		writeFileSync(file, 'x')
		const probe = await probeWritableDir(path.join(file, 'dados'))
		expect(probe).toMatchObject({ writable: false, code: 'ENOTDIR' })
		if (probe.writable) return
		const message = unwritableDataDirMessage(path.join(file, 'dados'), probe)
		expect(message).toContain(`Não é possível gravar na pasta de dados DATA_DIR=${path.join(file, 'dados')}`)
		expect(message).toContain(`Cannot write to the data directory DATA_DIR=${path.join(file, 'dados')}`)
		expect(unwritableDataDirMessage('/cheio', { writable: false, code: 'ENOSPC', detail: '' })).toMatch(/o disco está cheio[\s\S]*the disk is full/)
	})

	test('the health probe runs at most once a second and reports a change once', async () => {
		const directory = path.join(scratch, 'uploads')
		let clock = 0
		const changes: boolean[] = []
		const health = createStorageHealth(directory, { now: () => clock, onChange: (p) => changes.push(p.writable) })
		expect((await health()).writable).toBe(true)
		rmSync(directory, { recursive: true })
		writeFileSync(directory, 'não é uma pasta')
		expect((await health()).writable).toBe(true) // the second's answer is kept
		clock += 1000
		expect((await health()).writable).toBe(false)
		clock += 1000
		expect((await health()).writable).toBe(false)
		expect(changes).toEqual([false])
	})

	test('another storage’s probe (an S3 bucket) replaces the write in the directory, with the same once-a-second rule', async () => {
		let calls = 0
		let clock = 0
		const health = createStorageHealth(path.join(scratch, 'nunca-criada'), {
			now: () => clock,
			probe: async () => {
				calls += 1
				return calls === 1 ? { writable: true } : { writable: false, code: 'HTTP 503', detail: 'bucket fora do ar' }
			},
		})
		expect(await health()).toEqual({ writable: true })
		expect(await health()).toEqual({ writable: true })
		clock += 1000
		expect(await health()).toMatchObject({ writable: false, code: 'HTTP 503' })
		expect(calls).toBe(2)
		expect(readdirSync(scratch)).not.toContain('nunca-criada')
	})
})
