import { cva } from 'class-variance-authority'
import { describe, expect, test } from 'vitest'
import { variants } from './variants'

const config = {
	variants: {
		variant: { default: 'bg-primary', outline: 'border bg-background', ghost: 'hover:bg-accent' },
		size: { default: 'h-9 px-4', sm: 'h-8 px-3', icon: 'size-9' },
	},
	defaultVariants: { variant: 'default', size: 'default' },
} as const

describe('variants without class-variance-authority (decision 148)', () => {
	const ours = variants('inline-flex', config)
	const theirs = cva('inline-flex', config)
	const choices: Parameters<typeof ours>[0][] = [
		undefined,
		{},
		{ variant: 'outline' },
		{ size: 'icon', className: 'w-full' },
		{ variant: 'ghost', size: 'sm', className: '' },
		{ variant: null, size: 'sm' },
		{ variant: undefined, size: null, className: 'mt-2' },
	]
	test.each(choices.map((choice) => [JSON.stringify(choice) ?? 'nada', choice] as const))('%s: the same classes as cva', (_, choice) => {
		expect(ours(choice)).toBe(theirs(choice as Parameters<typeof theirs>[0]))
	})
})
