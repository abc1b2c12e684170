import { describe, expect, test } from 'vitest'
import { accessLogLevel } from '../../server/access-log'
import { handleErrorLogLevel } from './error-log-level.server'

/** What React Router hands handleError for a POST to a page with no action (its ErrorResponseImpl's shape). */
const routeError = (status: number) => ({ status, statusText: 'Method Not Allowed', internal: true, data: 'Error: You made a POST request' })

describe('log levels of client and server errors (issue 28)', () => {
	test("React Router's 4xx (no action: 405; no route: 404) go to debug, anything else to error", () => {
		expect(handleErrorLogLevel(routeError(405))).toBe('debug')
		expect(handleErrorLogLevel(routeError(404))).toBe('debug')
		expect(handleErrorLogLevel(routeError(500))).toBe('error')
		expect(handleErrorLogLevel(new Error('falhou'))).toBe('error')
	})

	test('the access log: 5xx at error, 4xx at info even with an error attached', () => {
		expect(accessLogLevel(405, new Error('sem action'))).toBe('info')
		expect(accessLogLevel(413, undefined)).toBe('info')
		expect(accessLogLevel(503, undefined)).toBe('error')
		expect(accessLogLevel(200, undefined)).toBe('info')
	})
})
