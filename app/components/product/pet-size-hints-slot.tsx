import { lazy, Suspense } from 'react'
import { useVisitor } from '~/components/shop/use-root-data'
import type { PetSizeHints as PetSizeHintsType } from './pet-size-hints'

/*
 * 'Tamanho sugerido para Thor' needs the signed-in shopper's pets, which come after load
 * (/resources/visitor, decision 055): the server and hydration draw the empty line, so the hints'
 * code (pet-size-hints.tsx) loads only when she has pets (issue 34, decision XXX).
 */
const PetSizeHints = lazy(() => import('./pet-size-hints').then((module) => ({ default: module.PetSizeHints })))

/** The hints' line: always there, one line high, so nothing below it moves when a hint comes. */
export function PetSizeHintsLine({ children }: { children?: React.ReactNode }) {
	// -mt-4: 8 px under the size chips (the column's gap is 24 px); h-6 whatever it holds.
	return (
		<div className="-mt-4 flex h-6 min-w-0 items-center text-sm" data-testid="tamanhos-sugeridos">
			{children}
		</div>
	)
}

export function PetSizeHintsSlot(props: React.ComponentProps<typeof PetSizeHintsType>) {
	const hasPets = (useVisitor()?.pets?.length ?? 0) > 0
	if (!hasPets) return <PetSizeHintsLine />
	return (
		<Suspense fallback={<PetSizeHintsLine />}>
			<PetSizeHints {...props} />
		</Suspense>
	)
}
