import { describe, expect, test } from 'vitest'
import { prepareCriticalCss } from './critical-css.server'
import { firstPaintRewrite, holdModulePreloads, holdModuleScript, MODULE_SCRIPT_ATTRIBUTES, replaceInlineStylesheet } from './modules-after-paint.server'

const HEAD =
	'<!DOCTYPE html><html lang="pt-BR"><head><title>Início · Loja</title>' +
	'<link rel="preload" as="image" href="/media/home-poster.webp" fetchPriority="high"/>' +
	'<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n"/>' +
	'<link rel="modulepreload" href="/assets/root-B2.js" nonce="n"/>' +
	'<style data-app-css="">.card{padding:1rem}.drawer{position:fixed}@media (min-width:48rem){.md\\:grid{display:grid}}</style></head>'
// What React Router's <Scripts> writes at the end of the shell (react-router 7.18, React 19.2): the
// context (JSON whose strings may hold the same words, escaped) and the module script's opening tag.
const SCRIPTS_START =
	'<script nonce="bm9uY2U=">window.__reactRouterContext = {"a":"<script type=\\"module\\" async=\\"\\">"};</script>' +
	`<script nonce="bm9uY2U="${MODULE_SCRIPT_ATTRIBUTES}`
const BODY = '<body><div class="card md:grid">Bandana “Pérola” — R$ 34,90</div><pre>&lt;script type="module" async=""&gt;</pre>'
const critical = prepareCriticalCss('.card{padding:1rem}.drawer{position:fixed}@media (min-width:48rem){.md\\:grid{display:grid}}')

describe('the first paint before the JavaScript, with the CSS it uses (decision 141)', () => {
	test('every modulepreload is made inert; nothing else in the head changes', () => {
		const held = holdModulePreloads(HEAD)
		expect(held).not.toContain('rel="modulepreload"')
		expect(held.match(/<link rel="x-modulepreload" href="[^"]+" nonce="n"\/>/g)).toHaveLength(2)
		expect(held.replaceAll('x-modulepreload', 'modulepreload')).toBe(HEAD)
	})

	test("React Router's module script gets a type no browser runs; JSON that looks like it stays as it is", () => {
		const shell = `${HEAD}${BODY}${SCRIPTS_START}`
		expect(holdModuleScript(shell)).toBe(`${HEAD}${BODY}${SCRIPTS_START.replace(MODULE_SCRIPT_ATTRIBUTES, ' type="x-module-after-paint">')}`)
		// Not the end of a script tag: left alone.
		expect(holdModuleScript(`${BODY}<div data-x="1"${MODULE_SCRIPT_ATTRIBUTES}`)).toBe(`${BODY}<div data-x="1"${MODULE_SCRIPT_ATTRIBUTES}`)
	})

	test("the inline stylesheet's text is replaced, and only it", () => {
		expect(replaceInlineStylesheet(HEAD, '.card{padding:1rem}')).toBe(HEAD.replace(/(<style data-app-css="">)[^<]*/, '$1.card{padding:1rem}'))
		expect(replaceInlineStylesheet('<head><title>x</title></head>', '.a{}')).toBe('<head><title>x</title></head>')
	})

	test('a document: the shell carries the rules its classes use; the first later piece needing more is preceded by the whole sheet, once', () => {
		const rewrite = firstPaintRewrite(critical, '/assets/storefront-X1.css')
		const shell = rewrite.shell(`${HEAD}${BODY}${SCRIPTS_START}`)
		expect(shell).toContain('<style data-app-css="">.card{padding:1rem}@media (min-width:48rem){.md\\:grid{display:grid}}</style>')
		expect(shell).not.toContain('.drawer')
		expect(shell).toContain('<link rel="x-modulepreload" href="/assets/root-B2.js"')
		expect(shell.endsWith(' type="x-module-after-paint">')).toBe(true)
		// A piece using only the shell's classes, or classes no rule needs, goes as it is.
		expect(rewrite.later('<div hidden id="S:0"><p class="card tracking-unknown">Avaliações</p></div>')).toBe(
			'<div hidden id="S:0"><p class="card tracking-unknown">Avaliações</p></div>',
		)
		expect(rewrite.later('<div hidden id="S:1"><aside class="drawer">Carrinho</aside></div>')).toBe(
			'<link rel="stylesheet" href="/assets/storefront-X1.css"/><div hidden id="S:1"><aside class="drawer">Carrinho</aside></div>',
		)
		expect(rewrite.later('<div hidden id="S:2"><aside class="drawer">Outro</aside></div>')).toBe('<div hidden id="S:2"><aside class="drawer">Outro</aside></div>')
	})
})
