import { afterAll, afterEach, beforeEach, vi } from 'vitest'
import { resetEnvForTests } from '~/server/env.server'

process.env.NODE_ENV = 'test'
process.env.LOG_LEVEL ??= 'silent'
delete process.env.SMTP_URL
resetEnvForTests()

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
})
afterAll(() => {
	resetEnvForTests()
})
