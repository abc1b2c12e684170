import { CheckIcon } from '~/components/icons/lucide'
import type { ColourChoice } from '~/server/personalization/page-data.server'
import { cn } from '~/utils/cn'
import { swatchStyle } from './swatch'

/**
 * The colour choice (document 001 §2: required). A radio group of swatches, so it works with
 * the keyboard (arrows) and is announced with the colour's name.
 */
export function ColourGrid({
	colours,
	value,
	onChange,
	name,
	legend,
	error,
}: {
	colours: readonly ColourChoice[]
	value: string
	onChange: (name: string) => void
	name: string
	legend: string
	error?: string | null
}) {
	const errorId = `${name}-erro`
	return (
		<fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
			<legend className="mb-3 font-semibold">{legend}</legend>
			{colours.length === 0 ? (
				<p className="text-sm text-muted-foreground">Nenhuma cor disponível no momento.</p>
			) : (
				<div className="grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-8">
					{colours.map((colour) => {
						const checked = value === colour.name
						return (
							<label
								key={colour.id}
								className={cn(
									'flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-2 text-center text-xs transition-colors',
									'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring',
									checked ? 'border-primary bg-primary/10 font-semibold' : 'border-border hover:bg-accent',
								)}
							>
								<input
									type="radio"
									name={name}
									value={colour.name}
									checked={checked}
									onChange={() => onChange(colour.name)}
									className="sr-only"
								/>
								<span
									aria-hidden="true"
									className="relative flex size-9 items-center justify-center rounded-full border border-black/15 shadow-inner"
									style={swatchStyle(colour)}
								>
									{checked ? <CheckIcon className="size-4 rounded-full bg-background/80 p-0.5 text-foreground" /> : null}
								</span>
								<span className="leading-tight">{colour.name}</span>
							</label>
						)
					})}
				</div>
			)}
			{error ? (
				<p id={errorId} role="alert" className="mt-2 text-sm font-medium text-destructive">
					{error}
				</p>
			) : null}
		</fieldset>
	)
}
