import type * as React from 'react'
import { cn } from '~/utils/cn'
import { Slot } from './slot'
import { type VariantProps, variants } from './variants'

export const badgeVariants = variants(
	'inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap transition-[color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring [&>svg]:pointer-events-none [&>svg]:size-3',
	{
		variants: {
			variant: {
				default: 'border-transparent bg-primary text-primary-foreground',
				secondary: 'border-transparent bg-secondary text-secondary-foreground',
				destructive: 'border-transparent bg-destructive text-destructive-foreground',
				outline: 'text-foreground',
			},
		},
		defaultVariants: { variant: 'default' },
	},
)

export function Badge({
	className,
	variant,
	asChild = false,
	...props
}: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
	const Comp = asChild ? Slot : 'span'
	return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
}
