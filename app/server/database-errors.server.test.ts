import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { isDatabaseUnavailableError } from '~/server/database-errors.server'

/** What drizzle throws: the driver's error in `cause`. */
function wrapped(cause: unknown) {
	return Object.assign(new Error('Failed query: select 1\nparams: '), { query: 'select 1', params: [], cause })
}

function pgError(code: string, severity = 'ERROR') {
	return Object.assign(new Error('x'), { code, severity })
}

describe('isDatabaseUnavailableError', () => {
	test.each([
		['terminated backend (57P01)', wrapped(pgError('57P01', 'FATAL'))],
		['server starting or stopping (57P03)', pgError('57P03', 'FATAL')],
		['connection exception class 08', wrapped(pgError('08006'))],
		['statement timeout (57014)', wrapped(pgError('57014'))],
		['database closed to connections (FATAL at connect)', pgError('55000', 'FATAL')],
		['pool wait timeout', wrapped(new Error('timeout exceeded when trying to connect'))],
		['socket closed under a query', new Error('Connection terminated unexpectedly')],
		['ECONNRESET', wrapped(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))],
		['ECONNREFUSED on every address', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])],
	])('%s → unavailable', (_label, error) => {
		expect(isDatabaseUnavailableError(error)).toBe(true)
	})

	test.each([
		['unique violation', wrapped(pgError('23505'))],
		['bad value', wrapped(pgError('22P02'))],
		['a bug', new TypeError('undefined is not a function')],
		['not an error', 'texto'],
		['nothing', null],
	])('%s → not unavailable', (_label, error) => {
		expect(isDatabaseUnavailableError(error)).toBe(false)
	})

	test('a real refused connection', async () => {
		const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:1/nada', connectionTimeoutMillis: 2000 })
		const error = await client.connect().then(
			() => null,
			(caught: unknown) => caught,
		)
		expect(isDatabaseUnavailableError(error)).toBe(true)
	})
})
