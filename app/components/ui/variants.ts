/*
 * The button's and the badge's variants without class-variance-authority (issue 34, decision 148):
 * what the shop uses of `cva` (a base, one class per chosen variant, defaults, a `className` at the
 * end) in a few lines of every page's first load. variants.test.ts compares it with `cva`.
 */

type VariantTable = Record<string, Record<string, string>>

/** The props a variants function takes: each variant's name (or nothing, for its default). */
export type VariantProps<T extends (...args: never[]) => string> = Omit<NonNullable<Parameters<T>[0]>, 'className'>

type Chosen<V extends VariantTable> = { [K in keyof V]?: keyof V[K] | null }

export function variants<V extends VariantTable>(base: string, config: { variants: V; defaultVariants: { [K in keyof V]?: keyof V[K] } }) {
	return (chosen?: Chosen<V> & { className?: string }): string => {
		const classes = [base]
		for (const name of Object.keys(config.variants) as (keyof V)[]) {
			const picked = chosen?.[name]
			// As in cva: null is "no class for this variant", undefined its default.
			if (picked === null) continue
			const value = picked ?? config.defaultVariants[name]
			if (value !== undefined) classes.push(config.variants[name]?.[value as string] ?? '')
		}
		classes.push(chosen?.className ?? '')
		return classes.filter(Boolean).join(' ')
	}
}
