import { afterEach, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { resetEnvForTests } from '~/server/env.server'
import { loader } from './settings'

/**
 * Issue 32 (decision 113): /admin/configuracoes tells the owner whether carrier quotes are on, and
 * where (production, Melhor Envio's sandbox, another host such as the tests' fake) — never the token.
 */
withTestDatabase()

const TOKEN = 'token.do-melhor-envio.de-teste-0123456789abcdef'

function setEnv(env: { token?: string; apiUrl?: string }) {
	if (env.token) process.env.MELHOR_ENVIO_TOKEN = env.token
	else delete process.env.MELHOR_ENVIO_TOKEN
	if (env.apiUrl) process.env.MELHOR_ENVIO_API_URL = env.apiUrl
	else delete process.env.MELHOR_ENVIO_API_URL
	resetEnvForTests()
}

afterEach(() => setEnv({}))

async function status() {
	const admin = await userWithSession({ admin: true })
	const result = (await loader({
		request: new Request('http://loja.test/admin/configuracoes', { headers: { cookie: admin.cookie } }),
		params: {},
		context: { clientIp: '203.0.113.7' },
	} as never)) as { melhorEnvio: unknown }
	expect(JSON.stringify(result)).not.toContain(TOKEN)
	return result.melhorEnvio
}

describe("the settings page's Melhor Envio state", () => {
	test('no token: off (the regional table answers)', async () => {
		setEnv({})
		expect(await status()).toEqual({ configured: false, environment: null, host: 'melhorenvio.com.br' })
	})

	test('a token on production, on the sandbox, on another host; the token is never in the page data', async () => {
		setEnv({ token: TOKEN })
		expect(await status()).toEqual({ configured: true, environment: 'producao', host: 'melhorenvio.com.br' })
		setEnv({ token: TOKEN, apiUrl: 'https://sandbox.melhorenvio.com.br' })
		expect(await status()).toEqual({ configured: true, environment: 'sandbox', host: 'sandbox.melhorenvio.com.br' })
		setEnv({ token: TOKEN, apiUrl: 'http://127.0.0.1:4010' })
		expect(await status()).toEqual({ configured: true, environment: 'outro', host: '127.0.0.1:4010' })
	})
})
