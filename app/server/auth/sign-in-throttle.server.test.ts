import { describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { signIn, signUp } from './accounts.server'
import type * as PasswordModule from './password.server'
import { verifyPassword } from './password.server'
import { signInSlowdownMs } from './sign-in-throttle.server'

// verifyPassword is wrapped in a spy (same behaviour), so a test can count the hash checks.
vi.mock('./password.server', async (importOriginal) => {
	const actual = await importOriginal<typeof PasswordModule>()
	return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) }
})

withTestDatabase()

describe('the per-account slowdown', () => {
	test('free for five failures, then 1 s, 2 s, 4 s, 8 s, and never more than 10 s', () => {
		expect([0, 1, 5].map(signInSlowdownMs)).toEqual([0, 0, 0])
		expect([6, 7, 8, 9, 10, 50, 10_000].map(signInSlowdownMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000])
	})
})

describe('sign-in timing does not reveal which e-mails have accounts', () => {
	test('an unknown e-mail costs the same work as a wrong password: one scrypt verification each', async () => {
		await signUp({ email: 'conhecida@example.com', password: 'senha-conhecida-1' })
		const verify = vi.mocked(verifyPassword)
		const request = () => new Request('http://loja.test/auth', { method: 'POST' })

		verify.mockClear()
		const wrong = await signIn({ email: 'conhecida@example.com', password: 'errada-123', ip: '192.0.2.10', request: request() })
		expect(wrong).toMatchObject({ ok: false, reason: 'invalid_credentials' })
		expect(verify).toHaveBeenCalledTimes(1)
		const knownHash = verify.mock.calls[0]?.[1]

		verify.mockClear()
		const unknown = await signIn({ email: 'desconhecida@example.com', password: 'errada-123', ip: '192.0.2.11', request: request() })
		expect(unknown).toEqual(wrong)
		expect(verify).toHaveBeenCalledTimes(1)
		// Against a real scrypt hash with the same parameters, not a shortcut.
		const dummyHash = verify.mock.calls[0]?.[1]
		expect(dummyHash).toMatch(/^scrypt\$/)
		expect(dummyHash?.split('$').slice(0, 4)).toEqual(knownHash?.split('$').slice(0, 4))
	})
})
