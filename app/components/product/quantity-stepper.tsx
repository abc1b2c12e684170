import { MinusIcon, PlusIcon } from '~/components/icons/lucide'
import { useId } from 'react'
import { QUANTITY_MAX } from '~/commerce/rules/add-on-lines'
import { Button } from '~/components/ui/button'

/** Quantity with − and + (document 000 §2: minimum 1). Typing is allowed; the value is clamped. */
export function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
	const id = useId()
	const clamp = (n: number) => Math.min(QUANTITY_MAX, Math.max(1, Math.trunc(n)))
	return (
		<div className="flex flex-col gap-2">
			<label htmlFor={id} className="text-sm font-semibold">
				Quantidade
			</label>
			<div className="flex w-fit items-center rounded-lg border">
				<Button
					type="button"
					variant="ghost"
					size="icon"
					aria-label="Diminuir quantidade"
					disabled={value <= 1}
					onClick={() => onChange(clamp(value - 1))}
				>
					<MinusIcon aria-hidden="true" />
				</Button>
				<input
					id={id}
					type="number"
					inputMode="numeric"
					min={1}
					max={QUANTITY_MAX}
					value={value}
					onChange={(event) => {
						const n = Number(event.target.value)
						if (Number.isFinite(n) && event.target.value !== '') onChange(clamp(n))
					}}
					className="h-9 w-12 bg-transparent text-center text-sm font-semibold [appearance:textfield] focus-visible:outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
				/>
				<Button
					type="button"
					variant="ghost"
					size="icon"
					aria-label="Aumentar quantidade"
					disabled={value >= QUANTITY_MAX}
					onClick={() => onChange(clamp(value + 1))}
				>
					<PlusIcon aria-hidden="true" />
				</Button>
			</div>
		</div>
	)
}
