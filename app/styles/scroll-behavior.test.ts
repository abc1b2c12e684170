import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'

/*
 * Decision 150: the page itself never glides. With scroll-behavior: smooth on the root, every
 * focus() and every scroll into view animated, and a press and its release landed on different
 * elements while the page moved (ci45, ci47 and a loaded pass lost a click so). Only the home's
 * section links glide, on their own (app/components/shop/navigation.ts).
 */
describe('the document scrolls without gliding', () => {
	for (const file of ['app.css', 'storefront.css'])
		test(`${file} gives the root no smooth scrolling`, () => {
			const css = readFileSync(new URL(file, import.meta.url), 'utf8')
			// Every rule whose selector list names the root (html, :root, *, body) and sets smooth scrolling.
			const rootRules = [...css.matchAll(/([^{}]*)\{([^{}]*)\}/g)].filter(
				([, selector = '', body = '']) => /(^|[\s,])(html|:root|\*|body)([\s,.:[]|$)/.test(selector.trim()) && /scroll-behavior\s*:\s*smooth/.test(body),
			)
			expect(rootRules.map(([rule]) => rule.trim())).toEqual([])
		})
})
