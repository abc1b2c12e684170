import { describe, expect, it } from 'vitest'
import { sanitizeProductHtml } from './sanitize-html.server'

describe('sanitizeProductHtml', () => {
	it('keeps formatting, lists and headings', () => {
		const html = '<p>Feita à <strong>mão</strong> em <em>algodão</em>.</p><ul><li>P (25 cm)</li></ul><h3>Cuidados</h3>'
		expect(sanitizeProductHtml(html)).toBe(html)
	})

	it('removes scripts, styles, iframes, forms and event handlers', () => {
		const html =
			'<p onclick="alert(1)" style="color:red">Oi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><form><input></form><img src="https://cdn.exemplo.com/a.png" onerror="alert(1)" alt="a">'
		const clean = sanitizeProductHtml(html)
		expect(clean).toBe('<p>Oi</p><img src="https://cdn.exemplo.com/a.png" alt="a" loading="lazy" decoding="async" />')
	})

	it('drops javascript: and data: URLs', () => {
		expect(sanitizeProductHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>')
		expect(sanitizeProductHtml('<img src="data:image/png;base64,AAAA">')).toBe('<img loading="lazy" decoding="async" />')
		expect(sanitizeProductHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>')
	})

	it('opens external links in a new tab without handing over the page', () => {
		expect(sanitizeProductHtml('<a href="https://instagram.com/loja">Instagram</a>')).toBe(
			'<a href="https://instagram.com/loja" target="_blank" rel="noopener noreferrer nofollow">Instagram</a>',
		)
		expect(sanitizeProductHtml('<a href="/categoria/bandana">Bandanas</a>')).toBe('<a href="/categoria/bandana">Bandanas</a>')
	})

	it('turns an h1 into an h2 (the page has its own h1) and empties blank input', () => {
		expect(sanitizeProductHtml('<h1>Título</h1>')).toBe('<h2>Título</h2>')
		expect(sanitizeProductHtml('  <p> </p> ')).toBe('')
		expect(sanitizeProductHtml('')).toBe('')
	})

	it('escapes text that looks like markup', () => {
		expect(sanitizeProductHtml('<p>1 < 2 & "3"</p>')).toBe('<p>1 &lt; 2 &amp; "3"</p>')
	})
})
