import { afterEach, describe, expect, test } from 'vitest'
import { resetEnvForTests } from '~/server/env.server'
import { loader } from './robots'

const savedPublicUrl = process.env.PUBLIC_URL

afterEach(() => {
	if (savedPublicUrl === undefined) delete process.env.PUBLIC_URL
	else process.env.PUBLIC_URL = savedPublicUrl
	resetEnvForTests()
})

/** The request's origin is passed to show it plays no part: robots.txt takes PUBLIC_URL. */
function robots(_origin = 'http://interno:3000') {
	return loader()
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

	test('without PUBLIC_URL: http://localhost:PORT, never the request origin', async () => {
		delete process.env.PUBLIC_URL
		resetEnvForTests()
		const text = await robots('http://evil.example').text()
		expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml')
		expect(text).not.toContain('evil.example')
	})
})
