import { describe, expect, test } from 'vitest'
import { prepareCriticalCss } from './critical-css.server'
import { firstPaintRewrite } from './modules-after-paint.server'
import { classesDrawnLater, partsDrawnLaterIn } from './parts-drawn-later.server'

// Rules for classes the product card uses (favorite-button, top-2, transition-shadow), one the video
// player uses (duration-700), and two neither uses (drawer, shelf).
const CSS =
	'@layer components{.favorite-button{border-radius:9999px}}' +
	'@layer utilities{.top-2{top:.5rem}.transition-shadow{transition-property:box-shadow}.duration-700{transition-duration:.7s}.drawer{position:fixed}.shelf{padding:1rem}}'
const critical = prepareCriticalCss(CSS)
const HEAD = '<!DOCTYPE html><html><head><style data-app-css="">x</style></head>'

describe('parts the browser draws after hydration bring their classes into the first paint (decision 158)', () => {
	test('the placeholders name their parts; anything else in an attribute of that name is not a part', () => {
		const html = '<section data-drawn-later="product-cards"></section><div data-drawn-later="video"></div><div data-drawn-later="chat"></div>'
		expect([...partsDrawnLaterIn(html)].sort()).toEqual(['product-cards', 'video'])
		expect(partsDrawnLaterIn('<section class="shelf"></section>').size).toBe(0)
	})

	test("each part's classes are the words of its components' source that the stylesheet's rules need", () => {
		expect([...classesDrawnLater(critical, 'product-cards')].sort()).toEqual(['favorite-button', 'top-2', 'transition-shadow'])
		expect([...classesDrawnLater(critical, 'video')]).toEqual(['duration-700'])
	})

	test("a page whose placeholder names the cards carries the cards' rules inline; a page without it does not", () => {
		const withCards = firstPaintRewrite(critical, '/assets/storefront-X1.css').shell(
			`${HEAD}<body><section class="shelf" data-drawn-later="product-cards"></section>`,
		)
		expect(withCards).toContain('<style data-app-css="">@layer components{.favorite-button{border-radius:9999px}}@layer utilities{.top-2{top:.5rem}.transition-shadow')
		expect(withCards).not.toContain('.duration-700')
		expect(withCards).not.toContain('.drawer')
		const without = firstPaintRewrite(critical, '/assets/storefront-X1.css').shell(`${HEAD}<body><section class="shelf"></section>`)
		expect(without).toContain('<style data-app-css="">@layer utilities{.shelf{padding:1rem}}</style>')
	})
})
