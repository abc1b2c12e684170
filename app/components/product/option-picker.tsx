import { useId } from 'react'
import type { ReactNode } from 'react'
import { cn } from '~/utils/cn'

/**
 * One product option as a group of radio buttons styled as chips (native inputs: arrow keys,
 * the group's name and the disabled state come for free). A disabled value is one that no
 * sellable variant has together with the other choices (document 000 §4).
 */
export function OptionPicker({
	name,
	values,
	selected,
	isDisabled,
	onChange,
	hint,
	aside,
}: {
	name: string
	values: string[]
	selected: string | undefined
	isDisabled: (value: string) => boolean
	onChange: (value: string) => void
	/** A second line under a value, e.g. the size's measure. */
	hint?: (value: string) => string | null
	/** Next to the label, e.g. the size guide button. */
	aside?: ReactNode
}) {
	const groupName = useId()
	const labelId = `${groupName}-rotulo`
	return (
		<div className="flex flex-col gap-2" data-option={name}>
			<div className="flex min-h-8 items-center justify-between gap-2">
				<span id={labelId} className="text-sm font-semibold">
					{name}
					{selected ? <span className="font-normal text-muted-foreground">: {selected}</span> : null}
				</span>
				{aside}
			</div>
			{/* Native radios named by the option's label: arrow keys and the disabled state come for free. */}
			<div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap gap-2">
				{values.map((value) => {
					const disabled = isDisabled(value)
					const extra = hint?.(value)
					return (
						<label
							key={value}
							className={cn(
								'relative flex min-h-10 min-w-12 cursor-pointer flex-col items-center justify-center rounded-lg border px-3 py-1.5 text-sm transition-colors',
								'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring',
								value === selected
									? 'border-primary bg-primary text-primary-foreground'
									: 'border-input bg-background hover:border-primary hover:bg-accent',
								disabled &&
									value !== selected &&
									'cursor-not-allowed border-dashed text-muted-foreground line-through hover:border-input hover:bg-background',
							)}
						>
							<input
								type="radio"
								name={groupName}
								value={value}
								checked={value === selected}
								disabled={disabled}
								onChange={() => onChange(value)}
								className="sr-only"
							/>
							<span className="font-medium">{value}</span>
							{extra ? (
								<span className={cn('text-xs', value === selected ? 'text-primary-foreground/85' : 'text-muted-foreground')}>
									{extra}
								</span>
							) : null}
						</label>
					)
				})}
			</div>
		</div>
	)
}
