import { describe, expect, test } from 'vitest'
import { DEMO_PATTERNS, DEMO_SHAPES, demoImageUrl } from '~/server/seed/demo-image'
import { loader } from './demo-image'

async function get(path: string) {
	const url = new URL(path, 'http://loja.test')
	const nome = decodeURIComponent(url.pathname.split('/').pop() ?? '')
	const response = loader({ request: new Request(url), params: { nome }, context: { clientIp: '203.0.113.7' } } as never)
	return response
}

describe('GET /imagens/demo/:nome', () => {
	test('draws every shape in every pattern as a self-contained SVG', async () => {
		for (const forma of DEMO_SHAPES) {
			for (const padrao of DEMO_PATTERNS) {
				const response = await get(demoImageUrl(`teste-${forma}`, { forma, cor: '#C0392B', padrao, vista: '3' }))
				expect(response.status).toBe(200)
				const body = await response.text()
				expect(body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
				expect(body).toContain('#c0392b')
				expect(body).not.toMatch(/<script|href=|on\w+=/i)
			}
		}
	})

	test('sends SVG with a locked-down policy and long caching', async () => {
		const response = await get('/imagens/demo/bandana-xadrez-vermelho.svg?forma=bandana&cor=%23c0392b&padrao=xadrez')
		expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
		expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
		expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
		expect(response.headers.get('Cache-Control')).toContain('max-age=31536000')
		expect(await response.text()).toContain('<pattern id="tecido"')
	})

	test.each([
		['no shape', '/imagens/demo/a.svg?cor=%23c0392b'],
		['unknown shape', '/imagens/demo/a.svg?forma=foguete&cor=%23c0392b'],
		['colour name', '/imagens/demo/a.svg?forma=bandana&cor=red'],
		['markup in a colour', '/imagens/demo/a.svg?forma=bandana&cor=%22%3E%3Cscript%3E'],
		['short hex', '/imagens/demo/a.svg?forma=bandana&cor=%23fff'],
		['unknown pattern', '/imagens/demo/a.svg?forma=bandana&cor=%23c0392b&padrao=floral'],
		['unknown view', '/imagens/demo/a.svg?forma=bandana&cor=%23c0392b&vista=9'],
		['extra parameter', '/imagens/demo/a.svg?forma=bandana&cor=%23c0392b&x=1'],
		['repeated parameter', '/imagens/demo/a.svg?forma=bandana&cor=%23c0392b&cor=%23000000'],
		['name not .svg', '/imagens/demo/a.png?forma=bandana&cor=%23c0392b'],
		['name with odd characters', '/imagens/demo/A%20B.svg?forma=bandana&cor=%23c0392b'],
	])('refuses %s with 400', async (_label, path) => {
		const response = await get(path)
		expect(response.status).toBe(400)
		expect(response.headers.get('Content-Type')).toContain('text/plain')
		expect(await response.text()).toBe('Imagem de demonstração inválida.')
	})
})
