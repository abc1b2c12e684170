import { afterAll, afterEach, beforeEach, vi } from 'vitest'
import { isAllowedWarning } from '#tests/support/process-warnings'
import { setPasswordHashParamsForTests } from '~/server/auth/password.server'
import { setClockForTests } from '~/server/clock.server'
import { resetEnvForTests } from '~/server/env.server'

// The unit run shares each worker between files (isolate: false, decision 074): what a file puts
// in process.env (Object.assign, or a vi.stubEnv it never undoes) is taken back when it ends, or a
// production server the next file spawns inherits it (a PUBLIC_URL left behind made every server
// test's requests 421).
/** scrypt at 1/80 of the shop's cost: the same code path, a millisecond or two per hash. */
const TEST_PASSWORD_HASH = { N: 2 ** 10, r: 8, p: 1 }

const envAtFileStart = { ...process.env }
function restoreEnv() {
	for (const key of Object.keys(process.env)) if (!(key in envAtFileStart)) delete process.env[key]
	Object.assign(process.env, envAtFileStart)
}

process.env.NODE_ENV = 'test'
process.env.LOG_LEVEL ??= 'silent'
// Tests write the database directly and read at once; the read cache has its own tests.
process.env.CATALOGUE_CACHE = 'off'
delete process.env.SMTP_URL
resetEnvForTests()
// Passwords hashed at a test's cost, not a shop's (decision 125): the real cost has its own tests.
setPasswordHashParamsForTests(TEST_PASSWORD_HASH)

// As in the Epic Stack: an unexpected console.error fails the test that caused it.
// A test that expects one spies on console.error itself (vi.spyOn(...).mockImplementation()).
let consoleErrorSpy: ReturnType<typeof vi.spyOn> | undefined
beforeEach(() => {
	const original = console.error
	consoleErrorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
		original(...args)
		throw new Error(`console.error foi chamado durante o teste: ${args.map(String).join(' ')}`)
	})
})
afterEach(() => {
	consoleErrorSpy?.mockRestore()
	setClockForTests(null)
})

// Any Node process warning fails the test during which it was emitted (Node emits it on the
// next tick, so it is here by afterEach); one between tests fails the next one, one after the
// last test fails the file. A TimeoutOverflowWarning printed 8,000 times went unnoticed
// before (decision 023). The allow-list, with reasons, is in tests/support/process-warnings.ts.
const pendingWarnings: Error[] = []
const onWarning = (warning: Error & { code?: string }) => {
	if (!isAllowedWarning(warning)) pendingWarnings.push(warning)
}
process.on('warning', onWarning)
function failOnWarnings() {
	if (pendingWarnings.length === 0) return
	const warnings = pendingWarnings.splice(0)
	const distinct = [...new Set(warnings.map((w) => w.stack ?? `${w.name}: ${w.message}`))]
	throw new Error(
		`${warnings.length} aviso(s) do Node durante o teste (nenhum é permitido; veja tests/support/process-warnings.ts):\n${distinct.slice(0, 3).join('\n')}`,
	)
}
afterEach(failOnWarnings)
afterAll(() => {
	process.off('warning', onWarning)
	restoreEnv()
	resetEnvForTests()
	failOnWarnings()
})
