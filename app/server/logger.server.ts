import pino, { type DestinationStream, type LoggerOptions } from 'pino'
import { errorForLog } from '~/server/log-safe-error.server'

/**
 * Personal data never goes to the log (LGPD): these fields are censored wherever a log
 * call puts them, at the top level or one object down (`{ user: { email } }`). Code
 * should log ids, not people; this is the net for when it does not.
 */
const PERSONAL_FIELDS = ['email', 'cpf', 'phone', 'telefone', 'address', 'endereco', 'name', 'nome', 'to', 'password', 'token']

export const LOGGER_OPTIONS: LoggerOptions = {
	level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
	base: undefined,
	redact: {
		paths: [
			'req.headers.cookie',
			'req.headers.authorization',
			...PERSONAL_FIELDS,
			...PERSONAL_FIELDS.map((field) => `*.${field}`),
		],
		censor: '[omitido]',
	},
	serializers: {
		// Errors lose query parameters, PostgreSQL `detail` and quoted values (log-safe-error.server.ts).
		err: errorForLog,
		// Many call sites log `{ error: String(error) }`: a DrizzleQueryError's text holds the parameters.
		error: (value: unknown) => (typeof value === 'string' ? withoutQueryParams(value) : errorForLog(value)),
	},
}

/** A string that may be a DrizzleQueryError's text: cut at its parameter list. */
function withoutQueryParams(text: string): string {
	const params = text.search(/\bparams:/)
	return params >= 0 ? `${text.slice(0, params)}(parâmetros omitidos)` : text
}

/** A logger with the shop's options on `destination` (tests read what would be written). */
export function createLogger(destination?: DestinationStream) {
	return destination ? pino(LOGGER_OPTIONS, destination) : pino(LOGGER_OPTIONS)
}

/** The one logger. JSON lines in production; level from LOG_LEVEL. */
export const logger = createLogger()
