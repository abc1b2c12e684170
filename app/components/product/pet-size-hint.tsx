import { PawPrintIcon } from '~/components/icons/lucide'
import { useMemo, useState } from 'react'
import type { Product } from '~/commerce'
import { type PetNeck, type PetSizeKind, suggestPetSizes } from '~/commerce/rules/pet-size'
import { Button } from '~/components/ui/button'

/** The sizes a shopper can buy now: those of the variants for sale. */
function offeredSizes(product: Product, sizeOption: string): string[] {
	const offered = new Set<string>()
	for (const variant of product.variants) {
		if (!variant.availableForSale) continue
		const size = variant.selectedOptions.find((o) => o.name === sizeOption)?.value
		if (size) offered.add(size)
	}
	return [...offered]
}

export type PetSizeHintProps = {
	kind: PetSizeKind
	product: Product
	/** The product's size option ('Tamanho'). */
	sizeOption: string
	onChoose: (size: string) => void
}

/**
 * The suggestion itself, inside the line pet-size-hints.tsx keeps under the size picker: loaded
 * only when the signed-in shopper has pets (decision 146), with the rule that suggests the sizes.
 */
export default function PetSizeHint({ kind, product, sizeOption, onChoose, pets }: PetSizeHintProps & { pets: readonly PetNeck[] }) {
	const hints = useMemo(() => suggestPetSizes(kind, pets, offeredSizes(product, sizeOption)), [kind, pets, product, sizeOption])
	const [chosen, setChosen] = useState(0)
	const hint = hints[Math.min(chosen, hints.length - 1)]
	const petName =
		hints.length > 1 ? (
			<select
				aria-label="Pet"
				value={String(Math.min(chosen, hints.length - 1))}
				onChange={(event) => setChosen(Number(event.target.value))}
				className="h-6 rounded-md border border-input bg-background px-1 text-sm focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
			>
				{hints.map((h, index) => (
					<option key={`${index}-${h.petName}`} value={index}>
						{h.petName}
					</option>
				))}
			</select>
		) : (
			hint?.petName
		)
	if (!hint) return null
	return (
		<p className="flex min-w-0 items-center gap-2 whitespace-nowrap" data-testid="tamanho-sugerido">
			<PawPrintIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
			{hint.size ? (
				<>
					<span className="min-w-0 truncate">
						Tamanho sugerido para {petName}: <strong>{hint.size}</strong>
					</span>
					<Button type="button" variant="link" size="sm" className="h-auto shrink-0 p-0" onClick={() => onChoose(hint.size!)}>
						Escolher {hint.size}
					</Button>
				</>
			) : (
				<span className="min-w-0 truncate text-muted-foreground">
					Nenhum tamanho disponível serve em {petName} (pescoço {hint.neck}).
				</span>
			)}
		</p>
	)
}
