import { describe, expect, onTestFinished, test, vi } from 'vitest'
import { setClockForTests } from '~/server/clock.server'
import { withTestDatabase } from '#tests/setup/with-database'
import { signIn, signUp } from './accounts.server'
import type * as PasswordModule from './password.server'
import { verifyPassword } from './password.server'
import { SIGN_IN_LIMITS, enterSignIn, recordSignInSuccess, signInSlowdownMs } from './sign-in-throttle.server'

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

describe('the per-address budget', () => {
	test('successful sign-ins give their attempt back (a shared address is not locked out); guesses still run out', async () => {
		const ip = '198.51.100.77'
		// One fixed moment: the 15-minute window cannot turn over in the middle of the test.
		setClockForTests(new Date('2026-11-24T12:01:00Z'))
		onTestFinished(() => setClockForTests(null))
		for (let i = 0; i < SIGN_IN_LIMITS.address.limit + 10; i++) {
			const email = `pessoa${i}@exemplo.test`
			expect(await enterSignIn(email, ip)).toEqual({ allowed: true })
			await recordSignInSuccess(email, ip)
		}
		for (let i = 0; i < SIGN_IN_LIMITS.address.limit; i++) {
			expect((await enterSignIn(`chute${i}@exemplo.test`, ip)).allowed).toBe(true)
		}
		expect((await enterSignIn('mais-um@exemplo.test', ip)).allowed).toBe(false)
	})

	test('an IPv6 guesser cannot take a fresh budget per address: the addresses of one /64 share it (decision 071)', async () => {
		setClockForTests(new Date('2026-11-24T12:01:00Z'))
		onTestFinished(() => setClockForTests(null))
		// Five tries on one account, each from another address of the same /64 (a phone's privacy addresses).
		const sameSubnet = (n: number) => `2001:db8:cafe:12:${n.toString(16)}:0:0:${(n * 7).toString(16)}`
		for (let i = 1; i <= SIGN_IN_LIMITS.accountAddress.limit; i++) {
			expect((await enterSignIn('dona@exemplo.test', sameSubnet(i))).allowed).toBe(true)
		}
		expect((await enterSignIn('dona@exemplo.test', sameSubnet(99))).allowed).toBe(false)
		// The same /64 written another way (zeros compressed, capitals) is the same subscriber.
		expect((await enterSignIn('dona@exemplo.test', '2001:DB8:CAFE:12::1')).allowed).toBe(false)
		// The next /64 is another subscriber, with its own budget.
		expect((await enterSignIn('dona@exemplo.test', '2001:db8:cafe:13::1')).allowed).toBe(true)

		// The per-address budget across accounts is per /64 too (another /64, a fresh count).
		const sprayer = (n: number) => `2001:db8:beef:1:${n.toString(16)}::${(n + 1).toString(16)}`
		for (let i = 0; i < SIGN_IN_LIMITS.address.limit; i++) {
			expect((await enterSignIn(`spray${i}@exemplo.test`, sprayer(i))).allowed).toBe(true)
		}
		expect((await enterSignIn('spray-final@exemplo.test', sprayer(5000))).allowed).toBe(false)
	})
})
