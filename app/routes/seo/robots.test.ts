import { afterEach, describe, expect, test } from 'vitest'
import { resetEnvForTests } from '~/server/env.server'
import { loader } from './robots'

const savedPublicUrl = process.env.PUBLIC_URL

afterEach(() => {
	if (savedPublicUrl === undefined) delete process.env.PUBLIC_URL
	else process.env.PUBLIC_URL = savedPublicUrl
	resetEnvForTests()
})

function robots(origin = 'http://interno:3000') {
	return loader({ request: new Request(`${origin}/robots.txt`), params: {}, context: { cspNonce: '' } } as never)
}

describe('robots.txt loader', () => {
	test('allows the shop, keeps private areas out and points at the absolute sitemap', async () => {
		process.env.PUBLIC_URL = 'https://www.lojapet.test'
		resetEnvForTests()
		const response = robots()
		expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600')
		const lines = (await response.text()).split('\n')
		expect(lines[0]).toBe('User-agent: *')
		expect(lines).toContain('Allow: /')
		for (const path of ['/admin', '/user', '/auth', '/checkout', '/pedido', '/resources', '/uploads/personalizacao-arquivos']) {
			expect(lines).toContain(`Disallow: ${path}`)
		}
		expect(lines).toContain('Sitemap: https://www.lojapet.test/sitemap.xml')
	})

	test('falls back to the request origin without PUBLIC_URL', async () => {
		delete process.env.PUBLIC_URL
		resetEnvForTests()
		expect(await robots('http://localhost:3777').text()).toContain('Sitemap: http://localhost:3777/sitemap.xml')
	})
})
