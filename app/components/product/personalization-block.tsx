import { SparklesIcon } from '~/components/icons/lucide'
import { useId } from 'react'
import { PET_INSTAGRAM_MAX, PET_NAME_MAX, type ProductAddonKey } from '~/commerce/rules/add-on-lines'
import { Checkbox } from '~/components/ui/checkbox'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { formatMoney } from '~/utils/format'
import type { AddonOffer, ExtrasState } from './extras'


/**
 * The bandana extras (document 000 §5, §9): extensor, embroidered pet name (≤ 20) and
 * Instagram (≤ 30), perfume. Each becomes its own cart line with the main item's quantity.
 * Extras whose add-on product the server did not find are not offered. Its heading's id tells the
 * page, before hydration, that the server drew it (optional-parts.tsx).
 */
export type PersonalizationBlockProps = {
	offers: AddonOffer[]
	value: ExtrasState
	onChange: (value: ExtrasState) => void
	errors: Partial<Record<'petName' | 'instagram', string>>
}

export function PersonalizationBlock({
	offers,
	value,
	onChange,
	errors,
}: PersonalizationBlockProps) {
	const ids = { extensor: useId(), perfume: useId(), petName: useId(), instagram: useId() }
	const price = (key: ProductAddonKey) => {
		const offer = offers.find((o) => o.key === key)
		return offer ? `+${formatMoney(offer.priceCents)}` : null
	}
	const has = (key: ProductAddonKey) => offers.some((o) => o.key === key)
	if (offers.length === 0) return null

	const checkbox = (key: 'extensor' | 'perfume', label: string) =>
		has(key) ? (
			<div className="flex items-center gap-3">
				<Checkbox id={ids[key]} checked={value[key]} onCheckedChange={(checked) => onChange({ ...value, [key]: checked === true })} />
				<Label htmlFor={ids[key]} className="flex flex-1 cursor-pointer items-center justify-between gap-2 font-normal">
					<span>{label}</span>
					<span className="text-sm font-semibold text-primary">{price(key)}</span>
				</Label>
			</div>
		) : null

	const text = (key: 'petName' | 'instagram', label: string, placeholder: string, max: number) => {
		if (!has(key)) return null
		const error = errors[key]
		const errorId = `${ids[key]}-erro`
		const counted = key === 'instagram' ? value[key].trim().replace(/^@+/, '') : value[key]
		return (
			<div className="flex flex-col gap-1.5">
				<Label htmlFor={ids[key]} className="flex items-center justify-between gap-2">
					<span>{label}</span>
					<span className="text-sm font-semibold text-primary">{price(key)}</span>
				</Label>
				<Input
					id={ids[key]}
					value={value[key]}
					placeholder={placeholder}
					// The @ of an Instagram handle does not count towards the 30.
					maxLength={key === 'instagram' ? max + 1 : max}
					autoComplete="off"
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? errorId : undefined}
					onChange={(event) => onChange({ ...value, [key]: event.target.value })}
				/>
				<div className="flex justify-between gap-2 text-xs">
					{error ? (
						<p id={errorId} className="text-destructive" role="alert">
							{error}
						</p>
					) : (
						<span className="text-muted-foreground">Opcional, bordado na bandana</span>
					)}
					<span className="text-muted-foreground" aria-hidden="true">
						{counted.length}/{max}
					</span>
				</div>
			</div>
		)
	}

	return (
		<section aria-labelledby="personalizacao-titulo" className="flex flex-col gap-4 rounded-xl border bg-card p-4">
			<h2 id="personalizacao-titulo" className="flex items-center gap-2 text-base font-semibold">
				<SparklesIcon className="size-4 text-primary" aria-hidden="true" />
				Personalize sua bandana
			</h2>
			{checkbox('extensor', 'Adicionar extensor')}
			{text('petName', 'Nome do pet', 'Ex.: Thor', PET_NAME_MAX)}
			{text('instagram', 'Instagram do pet', '@seupet', PET_INSTAGRAM_MAX)}
			{checkbox('perfume', 'Perfume 10ml')}
		</section>
	)
}
