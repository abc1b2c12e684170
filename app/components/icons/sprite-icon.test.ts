import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as Lucide from 'lucide-react'
import { createElement, type ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { ICONS_DIR, SPRITE_FILE, iconFiles, importedIcons } from '../../../scripts/icon-sprite'
import * as Icons from './lucide'

const render = (component: unknown, props: Record<string, unknown> = {}) =>
	renderToStaticMarkup(createElement(component as ComponentType<Record<string, unknown>>, props))

/** An element's attributes as a map, from the first tag of `html`. */
function attributesOf(html: string): Map<string, string> {
	const tag = /^<[a-z]+([^>]*)>/.exec(html)?.[1] ?? ''
	return new Map([...tag.matchAll(/([a-z-]+)="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]))
}

describe('icons from the sprite (decision 147)', () => {
	const names = importedIcons()
	const sprite = readFileSync(SPRITE_FILE, 'utf8')

	test('the sprite and the icons\' modules are the ones the icons app/ imports give (else run `npx tsx scripts/icon-sprite.ts`)', () => {
		const expected = iconFiles(names)
		expect(readdirSync(ICONS_DIR).sort()).toEqual([...expected.modules.keys()].sort())
		for (const [file, text] of expected.modules) expect(readFileSync(path.join(ICONS_DIR, file), 'utf8'), file).toBe(text)
		expect(sprite).toBe(expected.sprite)
		expect(names.length).toBeGreaterThan(50)
	})

	test.each(names)('%s: the same <svg> as lucide-react, its shapes in the sprite', (name) => {
		const ours = render(Icons[name as keyof typeof Icons], { className: 'size-4 text-primary' })
		const theirs = render(Lucide[name as keyof typeof Lucide], { className: 'size-4 text-primary' })
		const file = /#([a-z0-9-]+)"/.exec(ours)?.[1]
		expect(file).toBeTruthy()
		// Every attribute lucide-react writes, except its own `lucide lucide-*` classes.
		const expected = attributesOf(theirs)
		expected.set('class', 'size-4 text-primary')
		expect(attributesOf(ours)).toEqual(expected)
		expect(ours).toMatch(/^<svg[^>]*><use href="\/[^"]*lucide-sprite[^"]*\.svg#[a-z0-9-]+"><\/use><\/svg>$/)
		// The symbol holds exactly the shapes lucide-react draws inside its <svg>.
		const shapes = theirs.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '').replace(/><\/(path|circle|line|rect|polyline|polygon|ellipse)>/g, '/>')
		expect(sprite).toContain(`<symbol id="${file}" viewBox="0 0 24 24">${shapes}</symbol>`)
	})

	test('decorative by default, named when the caller names it', () => {
		expect(render(Icons.HeartIcon)).toContain('aria-hidden="true"')
		const named = render(Icons.HeartIcon, { 'aria-label': 'Favorito', role: 'img' })
		expect(named).not.toContain('aria-hidden')
		expect(named).toContain('aria-label="Favorito"')
		// A title names it too, as in lucide-react.
		expect(render(Icons.HeartIcon, { title: 'Favorito' })).not.toContain('aria-hidden')
		expect(render(Lucide.HeartIcon, { title: 'Favorito' })).not.toContain('aria-hidden')
		expect(render(Icons.HeartIcon, { fill: 'currentColor', strokeWidth: 1.5 })).toMatch(/fill="currentColor".*stroke-width="1.5"/)
	})
})
