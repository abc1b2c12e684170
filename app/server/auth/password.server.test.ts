import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { hashPassword, setPasswordHashParamsForTests, verifyPassword } from './password.server'

describe('password hashing', () => {
	// The other files hash at a test's cost (tests/setup/setup-test-env.ts); this one tests the shop's.
	beforeAll(() => setPasswordHashParamsForTests(null))
	afterAll(() => setPasswordHashParamsForTests({ N: 2 ** 10, r: 8, p: 1 }))

	test('a hash verifies its own password and carries its parameters', async () => {
		const hash = await hashPassword('correta-senha-123')
		expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/)
		expect(await verifyPassword('correta-senha-123', hash)).toBe(true)
	})

	test('a wrong password does not verify', async () => {
		const hash = await hashPassword('correta-senha-123')
		expect(await verifyPassword('correta-senha-124', hash)).toBe(false)
		expect(await verifyPassword('', hash)).toBe(false)
	})

	test('the same password gets a different salt each time', async () => {
		const [a, b] = await Promise.all([hashPassword('mesma-senha'), hashPassword('mesma-senha')])
		expect(a).not.toBe(b)
	})

	test('a tampered or malformed hash never verifies and never throws', async () => {
		const hash = await hashPassword('correta-senha-123')
		const parts = hash.split('$')
		const flipLast = (s: string) => s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1)
		const tamperedKey = [...parts.slice(0, 5), flipLast(parts[5] ?? '')].join('$')
		const tamperedSalt = [...parts.slice(0, 4), flipLast(parts[4] ?? ''), parts[5]].join('$')
		const otherCost = ['scrypt', '8192', ...parts.slice(2)].join('$')
		for (const bad of [tamperedKey, tamperedSalt, otherCost]) {
			expect(await verifyPassword('correta-senha-123', bad)).toBe(false)
		}
		for (const malformed of ['', 'plain', 'bcrypt$10$abc', 'scrypt$3$8$1$c2FsdHNhbHQ$a2V5', `scrypt$${2 ** 30}$8$1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5`]) {
			expect(await verifyPassword('x', malformed)).toBe(false)
		}
	})

	test('parameters stored in an older hash are honoured', async () => {
		// A hash written with other parameters (as after a future cost change) still verifies.
		const { scryptSync } = await import('node:crypto')
		const salt = Buffer.from('0123456789abcdef')
		const key = scryptSync('senha-antiga', salt, 32, { N: 1024, r: 8, p: 1 })
		const old = `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`
		expect(await verifyPassword('senha-antiga', old)).toBe(true)
		expect(await verifyPassword('senha-nova', old)).toBe(false)
	})
})
