import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { createTailwindMerge, twMerge } from 'tailwind-merge'
import { describe, expect, test } from 'vitest'
import { deriveGroups, encodeTable, shopUtilities } from '../../scripts/class-groups'
import { badgeVariants } from '../components/ui/badge'
import { buttonVariants } from '../components/ui/button'
import { CONFLICTS, GROUPS } from './class-groups'
import { cn } from './cn'

const utilities = shopUtilities()
const derived = deriveGroups(utilities)
const groupOf = new Map(derived.groups.flatMap((group, index) => group.map((utility) => [utility, index] as const)))

/**
 * The engine `cn` ran until decision 145: tailwind-merge's own on the same table, configured as
 * app/utils/cn.ts configured it. `cn`'s hand-written merge must give its result for every input.
 */
const engine = createTailwindMerge(() => {
	const anything = () => true
	const classGroups: Record<string, (string | Record<string, (() => boolean)[]>)[]> = {}
	const conflictingClassGroups: Record<string, string[]> = {}
	GROUPS.split('|').forEach((group, index) => {
		classGroups[index] = group.split(' ').map((entry) => (entry.endsWith('-*') ? { [entry.slice(0, -2)]: [anything] } : entry))
	})
	CONFLICTS.split('|').forEach((list, index) => {
		if (list) conflictingClassGroups[index] = list.split(' ')
	})
	return {
		cacheSize: 500,
		theme: {},
		classGroups,
		conflictingClassGroups,
		conflictingClassGroupModifiers: {},
		orderSensitiveModifiers: ['*', '**', 'after', 'backdrop', 'before', 'details-content', 'file', 'first-letter', 'first-line', 'marker', 'placeholder', 'selection'],
	}
})

/** The inputs on which `cn` and the engine differ, each with both results. */
function differences(inputs: Iterable<string>): string[] {
	const found: string[] = []
	for (const classes of inputs) {
		const [ours, theirs] = [cn(classes), engine(classes)]
		if (ours !== theirs) found.push(`${JSON.stringify(classes)} → ${JSON.stringify(ours)}, not ${JSON.stringify(theirs)}`)
	}
	return found.slice(0, 20)
}

const VARIANTS = ['', 'md:', 'hover:', 'dark:', 'data-[state=open]:', 'md:hover:', 'hover:md:']

/** Each table utility with every utility of its own group and of the groups that conflict with it, either way. */
function relatedPairs(): [string, string][] {
	const pairs: [string, string][] = []
	derived.groups.forEach((group, index) => {
		const others = [index, ...(derived.conflicts[index] ?? [])].flatMap((other) => derived.groups[other] ?? [])
		for (const a of group) for (const b of others) pairs.push([a, b], [b, a])
	})
	return pairs
}

/** A utility the table does not write out but one of its 'P-*' entries covers (`bg-new-colour`), per prefix. */
function unwrittenUtilities(): string[] {
	return GROUPS.split(/[| ]/)
		.filter((entry) => entry.endsWith('-*'))
		.flatMap((entry) => [`${entry.slice(0, -2)}-zz`, `${entry.slice(0, -2)}-zz-9`, `${entry.slice(0, -2)}-[13px]`])
}

function sourceFiles(dir: string, found: string[] = []): string[] {
	for (const name of readdirSync(dir)) {
		const file = path.join(dir, name)
		if (statSync(file).isDirectory()) sourceFiles(file, found)
		else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) found.push(file)
	}
	return found
}

const sources = sourceFiles('app').map((file) => readFileSync(file, 'utf8'))
const literals = (text: string) => [...text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((match) => match[2] as string)

/** What the app passes to `cn`: each call's string literals in order (a component's default classes, then its caller's). */
function appCalls(): string[] {
	const calls: string[] = []
	for (const source of sources) {
		for (const match of source.matchAll(/\bcn\(/g)) {
			let depth = 1
			let end = (match.index as number) + 3
			for (; end < source.length && depth > 0; end++) depth += source[end] === '(' ? 1 : source[end] === ')' ? -1 : 0
			calls.push(literals(source.slice(match.index, end)).join(' '))
		}
	}
	return calls
}

/** Every `className="…"` written in app/: what callers add to a component's own classes. */
const classNames = [...new Set(sources.flatMap((source) => [...source.matchAll(/className="([^"]*)"/g)].map((match) => match[1] as string)))]

/** A small deterministic generator, so a failing mix is the same on every run. */
function random(seed: number) {
	return (below: number) => {
		seed = (seed * 1103515245 + 12345) % 2147483648
		return seed % below
	}
}

describe('cn merges as tailwind-merge does (decisions 135 and 145)', () => {
	test('the class groups table is the one the utilities in app/ give (else run `npx tsx scripts/class-groups.ts`)', () => {
		expect(encodeTable(derived)).toEqual({ groups: GROUPS, conflicts: CONFLICTS })
	})

	test("the table merges as tailwind-merge's full configuration: every pair of the utilities in app/ that share a first part, or whose groups conflict", () => {
		const related = (a: string, b: string) => {
			const [groupA, groupB] = [groupOf.get(a) as number, groupOf.get(b) as number]
			return a.split('-')[0] === b.split('-')[0] || groupA === groupB || derived.conflicts[groupA]?.includes(groupB) || derived.conflicts[groupB]?.includes(groupA)
		}
		const found: string[] = []
		for (const a of utilities) {
			for (const b of utilities) {
				const classes = `${a} ${b}`
				if (related(a, b) && cn(classes) !== twMerge(classes)) found.push(`${classes} → ${cn(classes)}, not ${twMerge(classes)}`)
			}
		}
		expect(found).toEqual([])
	})

	test('every table utility against its group and the conflicting groups, with variants, stacked variants and !important', () => {
		const pairs = relatedPairs()
		const inputs = function* () {
			for (const [a, b] of pairs) {
				for (const variant of VARIANTS) yield `${variant}${a} ${variant}${b}`
				yield `md:${a} ${b}`
				yield `${a} md:${b}`
				yield `!${a} ${b}`
				yield `${a} ${b}!`
				yield `md:${a}! md:!${b}`
				yield `-${a} ${b}`
			}
		}
		expect(pairs.length).toBeGreaterThan(5000)
		expect(differences(inputs())).toEqual([])
	})

	test("utilities the table covers only through a 'P-*' entry, and arbitrary values", () => {
		const inputs: string[] = []
		for (const unwritten of unwrittenUtilities()) {
			for (const utility of utilities.filter((u) => u.split('-')[0] === unwritten.split('-')[0])) inputs.push(`${unwritten} ${utility}`, `${utility} ${unwritten}`)
		}
		inputs.push(
			'p-[3px] p-4 px-[calc(100%-2rem)]',
			'w-[calc(100%-2rem)] w-full size-[18px]',
			'text-[13px] text-sm text-[color:var(--x)] text-(--my-color)',
			'bg-[#fff] bg-primary bg-[url(/a/b.png)] bg-(image:--hero)',
			'grid-cols-[auto_minmax(0,1fr)] grid-cols-2',
			'rounded-[2px] rounded-md rounded-[4px]',
		)
		expect(differences(inputs)).toEqual([])
	})

	test('postfix modifiers, arbitrary properties, order-sensitive and arbitrary variants, unknown classes and whitespace', () => {
		const cases = [
			'bg-black/50 bg-black',
			'bg-black bg-black/50',
			'hover:bg-primary/90 bg-primary hover:bg-destructive',
			'text-sm/6 text-lg',
			'text-lg text-sm/6 text-sm/[1.2] leading-6',
			'!text-sm/6 !text-lg',
			'!bg-black/50 !bg-white',
			'md:text-sm/6 md:text-base',
			'ring-destructive/30 ring-ring',
			'w-1/2 w-full',
			'w-full w-1/2 md:w-1/3',
			'aria-invalid:ring-destructive/30 aria-invalid:ring-destructive/20',
			'px-4 py-2 md:px-2 px-6',
			'dark:hover:bg-accent hover:dark:bg-muted',
			'!p-2 p-4 p-0',
			'p-2! p-4 !p-4',
			'-mt-2 mt-4',
			'mt-4 -mt-2',
			'[content-visibility:auto] [content-visibility:visible]',
			'[mask-type:luminance] [mask-type:alpha] md:[mask-type:alpha]',
			'[&_dd]:[overflow-wrap:anywhere] [&_dd]:[overflow-wrap:normal]',
			'[color:red] [color:blue]/50 [nocolon] [:x] [:x]',
			'text-sm text-muted-foreground text-lg text-destructive',
			'inset-0 top-2',
			'top-2 inset-0',
			'size-4 w-6 h-2',
			'rounded-md rounded-full border border-2 border-primary',
			'before:content-none after:block before:block',
			'before:hover:block hover:before:block hover:before:hidden',
			'*:block *:hidden md:*:hidden *:md:hidden',
			'[&>svg]:md:size-4 md:[&>svg]:size-5 [&>svg]:md:size-6',
			'focus-visible:ring-[3px] focus-visible:ring-2',
			'has-[>svg]:px-3 has-[>svg]:px-2.5',
			'group-data-[collapsible=icon]:overflow-hidden group-data-[collapsible=icon]:overflow-auto',
			'grid flex hidden md:flex',
			'unknown-class another-unknown px-2 unknown-class',
			'  px-2\n\tpx-4   py-1 ',
			'',
			'   ',
			'-',
			'!',
			'/',
			'px-2 : :px-4 md: bg-',
			'][ px-2 ( px-4 ) px-6',
			// Brackets and parentheses are counted apart, as the engine counts them: here no ':' is outside both.
			'x](:px-2 x](:px-4',
		]
		expect(differences(cases)).toEqual([])
	})

	test('the class strings the app passes: each cn() call, and the buttons and badges with every className written in app/', () => {
		const calls = appCalls()
		expect(calls.length).toBeGreaterThan(50)
		const buttons: string[] = []
		for (const variant of ['default', 'destructive', 'outline', 'secondary', 'ghost', 'link'] as const) {
			for (const size of ['default', 'sm', 'lg', 'icon', 'icon-sm'] as const) for (const className of classNames) buttons.push(buttonVariants({ variant, size, className }))
		}
		const badges = classNames.map((className) => badgeVariants({ className }))
		expect(differences([...calls, ...classNames, ...buttons, ...badges])).toEqual([])
	})

	test('random mixes of the table utilities with variants, !, negative values and postfix modifiers', () => {
		const next = random(34)
		const pick = <T,>(list: readonly T[]) => list[next(list.length)] as T
		const prefixes = ['', '', '', '!', '-', ...VARIANTS, 'before:', '*:', '[&>svg]:', 'focus-visible:', 'md:before:', 'before:md:', 'hover:*:', 'md:[&>svg]:hover:']
		const postfixes = ['', '', '', '', '/50', '/6', '!']
		const inputs: string[] = []
		for (let i = 0; i < 20000; i++) {
			const count = 2 + next(5)
			const classes: string[] = []
			// Drawn from one group and those it conflicts with, so that most mixes have something to drop.
			const group = next(derived.groups.length)
			const pool = [group, ...(derived.conflicts[group] ?? [])].flatMap((index) => derived.groups[index] ?? [])
			for (let c = 0; c < count; c++) classes.push(`${pick(prefixes)}${pick(next(4) ? pool : utilities)}${pick(postfixes)}`)
			inputs.push(classes.join(' '))
		}
		expect(differences(inputs)).toEqual([])
	})

	test('conditional inputs go through clsx', () => {
		const narrow = utilities.length < 0
		expect(cn('px-4', narrow && 'px-2', { 'px-6': true, 'px-8': narrow }, ['py-1', null])).toBe('px-6 py-1')
		expect(cn()).toBe('')
		expect(cn(undefined, false, '')).toBe('')
	})
})
