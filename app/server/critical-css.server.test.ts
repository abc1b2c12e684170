import { describe, expect, test } from 'vitest'
import { classesIn, classRulesOnly, prepareCriticalCss, splitTopLevel, topLevelClasses } from './critical-css.server'

describe('the rules a page uses (decision 141)', () => {
	test("a selector needs its top-level classes, unescaped; those inside :where(), :is(), :not(), :has() or brackets it does not", () => {
		expect(topLevelClasses('.md\\:p-4')).toEqual(['md:p-4'])
		expect(topLevelClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4'])
		expect(topLevelClasses('.w-\\[calc\\(100\\%-2rem\\)\\]')).toEqual(['w-[calc(100%-2rem)]'])
		expect(topLevelClasses('.group:hover .group-hover\\:text-primary')).toEqual(['group', 'group-hover:text-primary'])
		expect(topLevelClasses('.dark\\:bg-card:where(.dark, .dark *)')).toEqual(['dark:bg-card'])
		expect(topLevelClasses('.space-y-2>:not(:last-child)')).toEqual(['space-y-2'])
		expect(topLevelClasses('.\\[\\&_a\\]\\:underline a')).toEqual(['[&_a]:underline'])
		expect(topLevelClasses('[data-state=open].a:has(.b)')).toEqual(['a'])
		expect(topLevelClasses(':root')).toEqual([])
		expect(splitTopLevel('.a,.b:is(.c,.d),.e\\,f', ',')).toEqual(['.a', '.b:is(.c,.d)', '.e\\,f'])
	})

	test('the classes of class attributes as React writes them, entities decoded', () => {
		const html =
			'<div class="p-4 md:grid"><a class="[&amp;_a]:underline  after:content-[&#x27;x&#x27;]">x</a><p data-class="nope">class="not-an-attribute"</p>' +
			'<i class="gap-2\n\tflex"></i></div>'
		expect([...classesIn(html)]).toEqual(['p-4', 'md:grid', '[&_a]:underline', "after:content-['x']", 'gap-2', 'flex'])
	})

	test('rules are kept in their order, inside their at-rules; empty at-rules go; what has no class stays', () => {
		const css =
			'@layer theme,base;@property --tw-x{syntax:"*";inherits:false}:root{--c:red}' +
			'@layer utilities{.a{color:red}.b{color:blue}.a.c{color:green}@media (min-width:40rem){.c{margin:0}}}' +
			'@keyframes spin{to{transform:rotate(1turn)}}.x,.a .y{top:0}.dark\\:z:where(.dark,.dark *){color:#000}'
		const critical = prepareCriticalCss(css)
		expect(critical.forClasses(new Set(['a']))).toBe(
			'@layer theme,base;@property --tw-x{syntax:"*";inherits:false}:root{--c:red}@layer utilities{.a{color:red}}@keyframes spin{to{transform:rotate(1turn)}}',
		)
		// `dark` is the theme script's, added before the whole sheet arrives: its variants stay with their class.
		expect(critical.forClasses(new Set(['a', 'c', 'x', 'dark:z']))).toBe(
			'@layer theme,base;@property --tw-x{syntax:"*";inherits:false}:root{--c:red}@layer utilities{.a{color:red}.a.c{color:green}@media (min-width:40rem){.c{margin:0}}}@keyframes spin{to{transform:rotate(1turn)}}.x,.a .y{top:0}.dark\\:z:where(.dark,.dark *){color:#000}',
		)
		expect(critical.isUsedClass('b')).toBe(true)
		expect(critical.isUsedClass('dark')).toBe(false)
		expect(critical.isUsedClass('nowhere')).toBe(false)

		// The file that follows the paint (decision 153): the class rules, in order; with a page's inline part
		// (which always has what has no class) nothing of the stylesheet is missing.
		const file = classRulesOnly(css)
		expect(file).toBe(
			'@layer utilities{.a{color:red}.b{color:blue}.a.c{color:green}@media (min-width:40rem){.c{margin:0}}}.x,.a .y{top:0}.dark\\:z:where(.dark,.dark *){color:#000}',
		)
		expect(critical.forClasses(new Set())).toBe(
			'@layer theme,base;@property --tw-x{syntax:"*";inherits:false}:root{--c:red}@keyframes spin{to{transform:rotate(1turn)}}',
		)
	})
})
