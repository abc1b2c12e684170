import pino from 'pino'

/** The one logger. JSON lines in production; level from LOG_LEVEL. */
export const logger = pino({
	level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
	base: undefined,
	redact: ['req.headers.cookie', 'req.headers.authorization', 'password', '*.password'],
})
