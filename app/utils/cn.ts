import { type ClassValue, clsx } from 'clsx'
import { CONFLICTS, GROUPS } from './class-groups'

/**
 * The merge of tailwind-merge's engine, written out for the shop's class groups
 * (app/utils/class-groups.ts, decision 135) so that no page loads the engine (decision 145).
 * Every rule below is one of the engine's (tailwind-merge 3.4, `mergeClassList` and helpers), kept
 * with its quirks: app/utils/cn.test.ts compares `cn` with the engine on that table.
 */

// The table's entries: a written-out utility names its group; 'P-*' gives every other 'P-…' to its group.
const exact = new Map<string, string>()
const prefixes = new Map<string, string>()
GROUPS.split('|').forEach((group, index) => {
	for (const entry of group.split(' ')) {
		// The engine gives a written-out utility to the last group that lists it, a prefix to the first.
		if (!entry.endsWith('-*')) exact.set(entry, `${index}`)
		else if (!prefixes.has(entry.slice(0, -2))) prefixes.set(entry.slice(0, -2), `${index}`)
	}
})
const conflicts = CONFLICTS.split('|').map((list) => (list ? list.split(' ') : []))

/** Modifiers whose place matters (`hover:before:` is not `before:hover:`): sorting leaves them where they are. */
const ORDER_SENSITIVE = new Set(['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection'])

/** The group of a class without its variants: the utility written out, else the longest 'P-' with a 'P-*'; `[prop:value]` by its property. */
function groupOf(name: string): string | undefined {
	if (name[0] === '[' && name.endsWith(']')) {
		const colon = name.indexOf(':')
		return colon > 1 ? `arbitrary..${name.slice(1, colon)}` : undefined
	}
	// A negative value (`-mt-2`) is in its positive's group.
	const utility = name[0] === '-' ? name.slice(1) : name
	let group = exact.get(utility)
	for (let dash = utility.lastIndexOf('-'); !group && dash > 0; dash = utility.lastIndexOf('-', dash - 1)) group = prefixes.get(utility.slice(0, dash))
	return group
}

/** Variants sorted, except that an arbitrary (`[&>svg]:`) or order-sensitive one keeps the ones before it before it. */
function sortModifiers(modifiers: string[]): string {
	const sorted: string[] = []
	let run: string[] = []
	for (const modifier of modifiers) {
		if (modifier[0] === '[' || ORDER_SENSITIVE.has(modifier)) {
			sorted.push(...run.sort(), modifier)
			run = []
		} else run.push(modifier)
	}
	return [...sorted, ...run.sort()].join(':')
}

/** From the last class to the first, a class goes when a later one of its group or of a group that replaces it has the same variants and `!`. */
function merge(classList: string): string {
	const taken = new Set<string>()
	const kept: string[] = []
	const classes = classList.trim().split(/\s+/)
	for (let index = classes.length - 1; index >= 0; index--) {
		const original = classes[index] as string
		// Variants end at each ':' outside brackets and parentheses; the last '/' there may start a postfix modifier (an opacity, a line height).
		const modifiers: string[] = []
		let brackets = 0
		let parens = 0
		let start = 0
		let slash = 0
		for (let i = 0; i < original.length; i++) {
			const char = original[i]
			if (!brackets && !parens && char === ':') {
				modifiers.push(original.slice(start, i))
				start = i + 1
			} else if (!brackets && !parens && char === '/') slash = i
			else if (char === '[') brackets++
			else if (char === ']') brackets--
			else if (char === '(') parens++
			else if (char === ')') parens--
		}
		let base = original.slice(start)
		const important = base.endsWith('!') || base[0] === '!'
		if (important) base = base.endsWith('!') ? base.slice(0, -1) : base.slice(1)
		// As the engine does, the modifier's place is counted before a leading '!' is taken off.
		const group = (slash > start && groupOf(base.slice(0, slash - start))) || groupOf(base)
		if (group) {
			const variant = sortModifiers(modifiers) + (important ? '!' : '')
			if (taken.has(variant + group)) continue
			taken.add(variant + group)
			for (const other of conflicts[Number(group)] ?? []) taken.add(variant + other)
		}
		kept.push(original)
	}
	return kept.reverse().join(' ')
}

// cn runs on every render with the same few strings: a small cache, emptied when full.
const cache = new Map<string, string>()

/** Joins class names and lets later Tailwind utilities override earlier ones (e.g. a caller's `px-2` over a default `px-4`). */
export function cn(...inputs: ClassValue[]) {
	const classList = clsx(inputs)
	let merged = cache.get(classList)
	if (merged === undefined) {
		if (cache.size >= 300) cache.clear()
		merged = merge(classList)
		cache.set(classList, merged)
	}
	return merged
}
