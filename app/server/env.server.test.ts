import { describe, expect, test } from 'vitest'
import { MAX_AUTO_WORKERS, parseEnv, workerCount } from './env.server'

describe('WEB_CONCURRENCY (decision 062)', () => {
	const postgres = 'postgres://loja@db.example:5432/loja'

	test("'auto' (the default) is one process per core on PostgreSQL, at most MAX_AUTO_WORKERS", () => {
		expect(parseEnv({ DATABASE_URL: postgres }).WEB_CONCURRENCY).toBe('auto')
		expect(workerCount(parseEnv({ DATABASE_URL: postgres }), 2)).toBe(2)
		expect(workerCount(parseEnv({ DATABASE_URL: postgres }), 1)).toBe(1)
		expect(workerCount(parseEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: 'auto' }), 64)).toBe(MAX_AUTO_WORKERS)
	})

	test('one process on the embedded database, whatever the cores', () => {
		expect(workerCount(parseEnv({}), 8)).toBe(1)
		expect(workerCount(parseEnv({ DATABASE_URL: 'pglite://memory' }), 8)).toBe(1)
		expect(workerCount(parseEnv({ WEB_CONCURRENCY: '1' }), 8)).toBe(1)
	})

	test('a number is taken as given on PostgreSQL', () => {
		expect(workerCount(parseEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: '6' }), 2)).toBe(6)
		expect(workerCount(parseEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: '1' }), 8)).toBe(1)
	})

	test('anything else is refused at start-up with the reason in Portuguese', () => {
		expect(() => parseEnv({ WEB_CONCURRENCY: '2' })).toThrow('WEB_CONCURRENCY acima de 1 exige PostgreSQL')
		for (const value of ['0', '33', '1.5', 'muitos']) {
			expect(() => parseEnv({ DATABASE_URL: postgres, WEB_CONCURRENCY: value }), value).toThrow(
				"WEB_CONCURRENCY deve ser 'auto' ou um número de 1 a 32",
			)
		}
	})
})
