import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { startAppServer } from '#tests/support/app-server'
import { warningsInOutput } from '#tests/support/process-warnings'
import { describe, expect, test } from 'vitest'

/**
 * The test run fails on any Node warning (decision 023): here, that the production server
 * started by the tests is held to it too. The in-process half (tests/setup/setup-test-env.ts)
 * is proved by every test that would otherwise warn.
 */
describe('Node warnings fail the run', () => {
	test('warningsInOutput finds the lines Node prints, with or without a code', () => {
		const output = [
			'{"level":40,"msg":"a pino line that mentions Warning: nothing"}',
			'(node:4242) TimeoutOverflowWarning: 22295461135 does not fit into a 32-bit signed integer.',
			'Timeout duration was set to 1.',
			'(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
		].join('\n')
		expect(warningsInOutput(output)).toEqual([
			'(node:4242) TimeoutOverflowWarning: 22295461135 does not fit into a 32-bit signed integer.',
			'(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
		])
	})

	test('stop() fails when the production server printed a warning', async () => {
		const server = await startAppServer({
			SEED_DEMO: 'false',
			NODE_OPTIONS: `--import ${pathToFileURL(path.resolve('tests/fixtures/emit-warning.mjs')).href}`,
		})
		const response = await fetch(`${server.url}/healthz`)
		expect(response.status).toBe(200)
		expect(server.warnings()).toEqual([expect.stringContaining('TimeoutOverflowWarning: 2229546113500')])
		await expect(server.stop()).rejects.toThrow(/emitiu 1 aviso\(s\) do Node/)
	}, 180_000)
})
