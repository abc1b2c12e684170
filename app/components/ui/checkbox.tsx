import { CheckIcon } from '~/components/icons/lucide'
import type * as React from 'react'
import { cn } from '~/utils/cn'

export type CheckboxProps = Omit<React.ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
	checked?: boolean
	onCheckedChange?: (checked: boolean) => void
}

/**
 * A styled native checkbox (the look of shadcn's Radix one, same `checked`/`onCheckedChange`).
 * Native rather than Radix Checkbox: the bandana product page shows these on its first load, and
 * Radix's button-checkbox brought about 4 KB gzipped with its presence and size helpers (issue 14);
 * a native input also posts with its form without a hidden mirror input.
 */
export function Checkbox({ className, checked, onCheckedChange, ...props }: CheckboxProps) {
	return (
		<span className="relative inline-flex size-4 shrink-0">
			<input
				type="checkbox"
				data-slot="checkbox"
				checked={checked}
				onChange={onCheckedChange ? (event) => onCheckedChange(event.target.checked) : undefined}
				className={cn(
					'peer size-4 shrink-0 cursor-pointer appearance-none rounded-[4px] border border-input bg-background shadow-xs transition-shadow outline-none',
					'focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
					'checked:border-primary checked:bg-primary',
					'aria-invalid:border-destructive',
					className,
				)}
				{...props}
			/>
			<CheckIcon
				className="pointer-events-none absolute inset-0 m-auto size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
				aria-hidden="true"
			/>
		</span>
	)
}
