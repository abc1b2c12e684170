import { twMerge } from 'tailwind-merge'
import { describe, expect, test } from 'vitest'
import { deriveGroups, encodeTable, shopUtilities } from '../../scripts/class-groups'
import { CONFLICTS, GROUPS } from './class-groups'
import { cn } from './cn'

const utilities = shopUtilities()
const derived = deriveGroups(utilities)
const groupOf = new Map(derived.groups.flatMap((group, index) => group.map((utility) => [utility, index] as const)))

describe('cn merges as tailwind-merge does (decision 135)', () => {
	test('the class groups table is the one the utilities in app/ give (else run `npx tsx scripts/class-groups.ts`)', () => {
		expect(encodeTable(derived)).toEqual({ groups: GROUPS, conflicts: CONFLICTS })
	})

	test('every pair of the utilities in app/ that share a first part, or whose groups conflict', () => {
		const related = (a: string, b: string) => {
			const [groupA, groupB] = [groupOf.get(a) as number, groupOf.get(b) as number]
			return a.split('-')[0] === b.split('-')[0] || groupA === groupB || derived.conflicts[groupA]?.includes(groupB) || derived.conflicts[groupB]?.includes(groupA)
		}
		const differences: string[] = []
		for (const a of utilities) {
			for (const b of utilities) {
				const classes = `${a} ${b}`
				if (related(a, b) && cn(classes) !== twMerge(classes)) differences.push(`${classes} → ${cn(classes)}, not ${twMerge(classes)}`)
			}
		}
		expect(differences).toEqual([])
	})

	test('variants, important, negative values, arbitrary properties and conditional inputs', () => {
		const cases = [
			'px-4 py-2 md:px-2 px-6',
			'hover:bg-primary/90 bg-primary hover:bg-destructive',
			'dark:hover:bg-accent hover:dark:bg-muted',
			'!p-2 p-4 p-0',
			'-mt-2 mt-4',
			'mt-4 -mt-2',
			'[content-visibility:auto] [content-visibility:visible]',
			'text-sm text-muted-foreground text-lg text-destructive',
			'inset-0 top-2',
			'top-2 inset-0',
			'size-4 w-6 h-2',
			'rounded-md rounded-full border border-2 border-primary',
			'before:content-none after:block before:block',
			'grid flex hidden md:flex',
			'unknown-class another-unknown px-2',
		]
		for (const classes of cases) expect(cn(classes), classes).toBe(twMerge(classes))
		const narrow = utilities.length < 0
		expect(cn('px-4', narrow && 'px-2', { 'px-6': true, 'px-8': narrow }, ['py-1', null])).toBe('px-6 py-1')
	})
})
