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

describe('PIX_PROVIDER (issue 29, decision 075)', () => {
	const apiPix = {
		PIX_PROVIDER: 'api-pix',
		PIX_API_URL: 'https://pix.banco.example/api/v2/',
		PIX_OAUTH_URL: 'https://oauth.banco.example/token',
		PIX_CLIENT_ID: 'id',
		PIX_CLIENT_SECRET: 'segredo',
		PIX_CERT_FILE: '/etc/loja/pix.crt',
		PIX_CERT_KEY_FILE: '/etc/loja/pix.key',
		PIX_WEBHOOK_TOKEN: 'a'.repeat(40),
	}

	test("'static' by default: the demo needs no outside service", () => {
		expect(parseEnv({}).PIX_PROVIDER).toBe('static')
	})

	test('api-pix with everything set is accepted (trailing slash of the base URL dropped)', () => {
		expect(parseEnv(apiPix).PIX_API_URL).toBe('https://pix.banco.example/api/v2')
	})

	test('each missing setting is named, in Portuguese', () => {
		for (const name of ['PIX_API_URL', 'PIX_OAUTH_URL', 'PIX_CLIENT_ID', 'PIX_CLIENT_SECRET', 'PIX_WEBHOOK_TOKEN', 'PIX_CERT_FILE', 'PIX_CERT_KEY_FILE']) {
			expect(() => parseEnv({ ...apiPix, [name]: undefined }), name).toThrow(`${name} é obrigatório quando PIX_PROVIDER=api-pix`)
		}
	})

	test('the client certificate may be left out only for a loopback http:// PSP (the tests)', () => {
		const loopback = { ...apiPix, PIX_API_URL: 'http://127.0.0.1:4000/api/v2', PIX_OAUTH_URL: 'http://127.0.0.1:4000/oauth/token', PIX_CERT_FILE: undefined, PIX_CERT_KEY_FILE: undefined }
		expect(parseEnv(loopback).PIX_CERT_FILE).toBeUndefined()
		expect(() => parseEnv({ ...apiPix, PIX_API_URL: 'http://pix.banco.example/api' })).toThrow('PIX_API_URL deve começar com https://')
		expect(() => parseEnv({ ...apiPix, PIX_CERT_KEY_FILE: undefined })).toThrow('PIX_CERT_KEY_FILE é obrigatório')
	})

	test('a short or odd webhook token is refused', () => {
		expect(() => parseEnv({ ...apiPix, PIX_WEBHOOK_TOKEN: 'curto' })).toThrow('PIX_WEBHOOK_TOKEN deve ter de 32 a 128')
		expect(() => parseEnv({ ...apiPix, PIX_WEBHOOK_TOKEN: `${'a'.repeat(40)}/x` })).toThrow('PIX_WEBHOOK_TOKEN deve ter de 32 a 128')
	})
})

describe('MELHOR_ENVIO_* (issue 32, decision 087)', () => {
	test('off by default; production host, 3 s time box', () => {
		const env = parseEnv({})
		expect(env.MELHOR_ENVIO_TOKEN).toBeUndefined()
		expect(env.MELHOR_ENVIO_API_URL).toBe('https://melhorenvio.com.br')
		expect(env.MELHOR_ENVIO_TIMEOUT_MS).toBe(3000)
	})

	test('the sandbox or a loopback fake; http:// elsewhere, a bad token or time box are refused in Portuguese', () => {
		expect(parseEnv({ MELHOR_ENVIO_API_URL: 'https://sandbox.melhorenvio.com.br/' }).MELHOR_ENVIO_API_URL).toBe('https://sandbox.melhorenvio.com.br')
		expect(parseEnv({ MELHOR_ENVIO_API_URL: 'http://127.0.0.1:4010' }).MELHOR_ENVIO_API_URL).toBe('http://127.0.0.1:4010')
		expect(() => parseEnv({ MELHOR_ENVIO_API_URL: 'http://melhorenvio.com.br' })).toThrow('MELHOR_ENVIO_API_URL deve começar com https://')
		expect(() => parseEnv({ MELHOR_ENVIO_TOKEN: 'curto' })).toThrow('MELHOR_ENVIO_TOKEN inválido')
		expect(() => parseEnv({ MELHOR_ENVIO_TIMEOUT_MS: '50' })).toThrow('MELHOR_ENVIO_TIMEOUT_MS deve ser de pelo menos 200 ms')
		expect(parseEnv({ MELHOR_ENVIO_TOKEN: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.abc.def' }).MELHOR_ENVIO_TOKEN).toMatch(/^eyJ/)
	})
})
