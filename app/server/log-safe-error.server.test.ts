import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { handleError } from '~/entry.server'
import { db } from '~/server/db.server'
import { errorForLog } from '~/server/log-safe-error.server'
import { createLogger, logger } from '~/server/logger.server'

withTestDatabase()

const EMAIL = 'cliente.secreta@example.com'
const CPF = '123.456.789-09'

/** A real DrizzleQueryError whose parameters (and PostgreSQL message) hold personal data. */
async function failingQueryError(): Promise<Error> {
	try {
		await db.execute(sql`select ${EMAIL}::int as n, ${CPF} as cpf`)
	} catch (error) {
		return error as Error
	}
	throw new Error('a consulta deveria ter falhado')
}

/** A logger with the shop's options writing into a string. */
function capturingLogger() {
	let output = ''
	const stream = new Writable({
		write(chunk: Buffer, _encoding, done) {
			output += chunk.toString()
			done()
		},
	})
	const log = createLogger(stream)
	log.level = 'info'
	return { log, output: () => output }
}

describe('errors in the log', () => {
	test('a failed query keeps its SQL and SQLSTATE, never its parameters', async () => {
		const error = await failingQueryError()
		// What used to reach stderr: the values are in the error's own text.
		expect(`${error.message}\n${String(error.cause)}`).toContain(EMAIL)

		const logged = JSON.stringify(errorForLog(error))
		expect(logged).not.toContain(EMAIL)
		expect(logged).not.toContain(CPF)
		expect(logged).toContain('select $1::int')
		expect(logged).toContain('22P02')
	})

	test('the logger censors errors however a call site passes them, and personal fields', async () => {
		const error = await failingQueryError()
		const { log, output } = capturingLogger()
		log.error({ err: error }, 'err')
		log.error({ error }, 'error object')
		log.error({ error: String(error) }, 'error string')
		log.info({ email: EMAIL, customer: { cpf: CPF, name: 'Ana' } }, 'fields')
		expect(output()).not.toContain(EMAIL)
		expect(output()).not.toContain(CPF)
		expect(output()).toContain('22P02')
	})

	test("React Router's handleError logs through pino without the query parameters", async () => {
		const error = await failingQueryError()
		const spy = vi.spyOn(logger, 'error').mockImplementation(() => {})
		const request = new Request('http://loja.test/checkout?token=segredo', { method: 'POST' })
		handleError(error, { request, params: {}, context: {} as never })
		expect(spy).toHaveBeenCalledTimes(1)
		const { log, output } = capturingLogger()
		log.error(...(spy.mock.calls[0] as [object, string]))
		spy.mockRestore()
		expect(output()).not.toContain(EMAIL)
		expect(output()).not.toContain('segredo')
		expect(output()).toContain('/checkout')
		expect(output()).toContain('select $1::int')
	})
})
