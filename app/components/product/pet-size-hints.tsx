import { lazy, Suspense } from 'react'
import type { PetNeck } from '~/commerce/rules/pet-size'
import { useVisitor } from '~/components/shop/use-root-data'
import type { PetSizeHintProps } from './pet-size-hint'

const PetSizeHint = lazy(() => import('./pet-size-hint'))

const NO_PETS: readonly PetNeck[] = []

/**
 * 'Tamanho sugerido para Thor: G' under the size picker (issue 10): choosing the suggestion
 * selects that size. The pets come after load with the rest of who is looking
 * (/resources/visitor, decision 055), so the page's HTML is the same for every shopper and the
 * page cache can serve it to her too.
 *
 * Its line is always there, one line high, empty until (and unless) she has pets with a neck:
 * the suggestion appears in place and nothing below it moves. Several pets share the line
 * through a choice of pet. The suggestion's code (and the sizing rule) loads only for a shopper
 * with pets (decision 146): the server and hydration draw the empty line, so nothing hydrates late.
 */
export function PetSizeHints(props: PetSizeHintProps) {
	const pets = useVisitor()?.pets ?? NO_PETS
	return (
		// -mt-4: 8 px under the size chips (the column's gap is 24 px); h-6 whatever it holds.
		<div className="-mt-4 flex h-6 min-w-0 items-center text-sm" data-testid="tamanhos-sugeridos">
			{pets.length > 0 ? (
				<Suspense fallback={null}>
					<PetSizeHint {...props} pets={pets} />
				</Suspense>
			) : null}
		</div>
	)
}
