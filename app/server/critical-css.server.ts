import postcss, { type AtRule, type ChildNode } from 'postcss'

/**
 * The part of the stylesheet a page's HTML uses (decision 141).
 *
 * The storefront's stylesheet (~90 KB) is inside every page so the first paint needs no second
 * request (decision 048), but one page uses a third to a half of it. The stylesheet is read once
 * into its rules, each with the classes its selectors need; for a page, the rules whose classes are
 * all in the page's HTML are kept, in their order, inside the at-rules that hold them. The whole
 * stylesheet follows as a file after the first paint (components/modules-after-paint.tsx), for what
 * the browser draws later (drawers, the chat, client navigation).
 *
 * A selector needs the classes at its top level only: one inside `:where()`, `:is()`, `:not()` or
 * `:has()` may be absent (`.dark\:x:where(.dark, .dark *)`), so such a rule stays. Erring that way
 * keeps rules a page does not need, never drops one it does. A rule drawn by several selectors stays
 * when any of them can match.
 */

/** Classes the browser adds before the whole stylesheet is there: the theme script's `dark` on <html>. */
const ADDED_BEFORE_HYDRATION = ['dark']

type Piece =
	| { kind: 'always'; css: string }
	| { kind: 'rule'; css: string; needs: string[][] }
	| { kind: 'group'; open: string; pieces: Piece[] }

export type CriticalCss = {
	/** The rules a document with these classes can use, as CSS text. */
	forClasses(classes: ReadonlySet<string>): string
	/** Whether `name` is needed by some rule that a page without it would leave out. */
	isUsedClass(name: string): boolean
}

export function prepareCriticalCss(css: string): CriticalCss {
	const used = new Set<string>()
	const pieces = postcss.parse(css).nodes.flatMap((node) => toPieces(node, used))
	return {
		forClasses(classes) {
			const present = (name: string) => classes.has(name) || ADDED_BEFORE_HYDRATION.includes(name)
			// What has no class always; a rule when one of its selectors has all its classes present.
			return renderKept(pieces, (leaf) => leaf.kind === 'always' || leaf.needs.some((names) => names.every(present)))
		},
		isUsedClass: (name) => used.has(name),
	}
}

/**
 * The stylesheet as the file that follows the first paint (decision 153): its class rules only.
 * What has no class (the reset's `*` rules, `:root`'s variables, `@property`, `@keyframes`, element
 * rules) is in every page's inline part already (`forClasses` keeps it whatever the page), and a
 * rule keyed on every element (`*`) or a property registration added again makes the browser
 * restyle the whole document when the file arrives; class rules restyle only what has their classes.
 */
export function classRulesOnly(css: string): string {
	const pieces = postcss.parse(css).nodes.flatMap((node) => toPieces(node, new Set()))
	return renderKept(pieces, (leaf) => leaf.kind === 'rule')
}

function toPieces(node: ChildNode, used: Set<string>): Piece[] {
	if (node.type === 'comment') return []
	if (node.type === 'rule') {
		const needs = splitTopLevel(node.selector, ',').map(topLevelClasses)
		for (const classes of needs) for (const name of classes) used.add(name)
		return [needs.some((classes) => classes.length === 0) ? { kind: 'always', css: node.toString() } : { kind: 'rule', css: node.toString(), needs }]
	}
	if (node.type === 'atrule' && node.nodes && GROUPING_AT_RULES.has(node.name.toLowerCase())) {
		return [{ kind: 'group', open: openingOf(node), pieces: node.nodes.flatMap((child) => toPieces(child, used)) }]
	}
	// @property, @keyframes, @font-face, `@layer a, b;`, a declaration: always. A statement's `;`
	// belongs to its parent's text in postcss, not to its own.
	const statement = node.type === 'decl' || (node.type === 'atrule' && !node.nodes)
	return [{ kind: 'always', css: statement ? `${node.toString()};` : node.toString() }]
}

const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'scope'])

function openingOf(rule: AtRule): string {
	return `@${rule.name}${rule.params ? ` ${rule.params}` : ''}{`
}

type Leaf = Exclude<Piece, { kind: 'group' }>

/** The pieces `keep` keeps, in their order, inside the at-rules that hold them; an at-rule left empty goes. */
function renderKept(pieces: Piece[], keep: (leaf: Leaf) => boolean): string {
	return pieces
		.map((piece) => {
			if (piece.kind !== 'group') return keep(piece) ? piece.css : ''
			const inside = renderKept(piece.pieces, keep)
			return inside ? `${piece.open}${inside}}` : ''
		})
		.join('')
}

/**
 * Calls `visit` with the index of each character of `text` outside parentheses, brackets and
 * escapes; `visit` may return the index it has read up to, to go on after it.
 */
function forEachTopLevel(text: string, visit: (index: number) => number | void) {
	let depth = 0
	for (let i = 0; i < text.length; i++) {
		const char = text[i]
		if (char === '\\') i += escapeLength(text, i) - 1
		else if (char === '(' || char === '[') depth++
		else if (char === ')' || char === ']') depth--
		else if (depth === 0) i = visit(i) ?? i
	}
}

/** `text` cut at `separator` where it is outside brackets, parentheses and escapes. */
export function splitTopLevel(text: string, separator: string): string[] {
	const parts: string[] = []
	let start = 0
	forEachTopLevel(text, (i) => {
		if (text[i] !== separator) return
		parts.push(text.slice(start, i))
		start = i + 1
	})
	parts.push(text.slice(start))
	return parts
}

/** The class names (unescaped) a selector names outside parentheses and attribute brackets. */
export function topLevelClasses(selector: string): string[] {
	const names: string[] = []
	forEachTopLevel(selector, (i) => {
		if (selector[i] !== '.') return
		let end = i + 1
		while (end < selector.length) {
			if (selector[end] === '\\') end += escapeLength(selector, end)
			else if (/[\w\-\u0080-\uffff]/.test(selector[end] ?? '')) end++
			else break
		}
		names.push(unescapeIdentifier(selector.slice(i + 1, end)))
		return end - 1
	})
	return names
}

/** How many characters the escape at `at` (a backslash) takes: `\:` is 2, `\32 ` is 4. */
function escapeLength(text: string, at: number): number {
	const hex = /^[0-9a-fA-F]{1,6} ?/.exec(text.slice(at + 1, at + 8))
	return hex ? 1 + hex[0].length : 2
}

function unescapeIdentifier(text: string): string {
	return text.replace(/\\([0-9a-fA-F]{1,6} ?|[\s\S])/g, (_, escaped: string) =>
		/^[0-9a-fA-F]/.test(escaped) ? String.fromCodePoint(Number.parseInt(escaped, 16)) : escaped,
	)
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' }

/** Every class named in `html`'s class attributes, as React writes them (double quotes, entities). */
export function classesIn(html: string): Set<string> {
	const classes = new Set<string>()
	// indexOf, not a regular expression: this runs on every uncached page (~0.3 ms for 180 KB).
	let at = html.indexOf(' class="')
	while (at !== -1) {
		const start = at + 8
		const end = html.indexOf('"', start)
		if (end === -1) break
		let value = html.slice(start, end)
		if (value.includes('&')) value = value.replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity)
		for (const name of value.split(/[ \t\n\r\f]+/)) if (name) classes.add(name)
		at = html.indexOf(' class="', end)
	}
	return classes
}
