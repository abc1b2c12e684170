import type { CatalogueChoice } from '~/server/personalization/page-data.server'
import { formatMoney } from '~/utils/format'

/**
 * document 001 §2: the optional collar accessory, single select; clicking the chosen one again
 * deselects it. `accessories` null: the list could not be loaded.
 */
export function AccessoryPicker({
	accessories,
	value,
	onChange,
	emptyText,
	errorText,
}: {
	accessories: readonly CatalogueChoice[] | null
	value: string | null
	onChange: (id: string | null) => void
	emptyText: string
	errorText: string
}) {
	return (
		<fieldset>
			<legend className="mb-3 font-semibold">Acessório (opcional)</legend>
			{accessories === null ? (
				<p role="alert" className="text-sm text-destructive">
					{errorText}
				</p>
			) : accessories.length === 0 ? (
				<p className="text-sm text-muted-foreground">{emptyText}</p>
			) : (
				<div role="radiogroup" aria-label="Acessórios" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
					{accessories.map((item) => {
						const checked = value === item.id
						return (
							<button
								key={item.id}
								type="button"
								role="radio"
								aria-checked={checked}
								onClick={() => onChange(checked ? null : item.id)}
								className={`flex flex-col items-center gap-1 rounded-lg border p-2 text-xs transition-colors focus-visible:ring-[3px] focus-visible:ring-ring ${checked ? 'border-primary bg-primary/10 font-semibold' : 'hover:bg-accent'}`}
							>
								{item.imageUrl ? (
									<img
										src={item.imageUrl}
										alt=""
										width={72}
										height={72}
										loading="lazy"
										className="aspect-square w-full rounded-md object-cover"
									/>
								) : null}
								<span className="leading-tight">{item.title}</span>
								<span className="text-muted-foreground">+{formatMoney(item.priceCents)}</span>
							</button>
						)
					})}
				</div>
			)}
		</fieldset>
	)
}
