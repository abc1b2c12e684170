import { Loader2Icon, Trash2Icon } from '~/components/icons/lucide'
import { useState } from 'react'
import { toast } from '~/components/ui/toast'
import { type FavoriteActionResult, FAVORITES_ENDPOINT, favoriteMessages } from '~/components/engagement/favorite-messages'
import { noteLocalFavoriteChange } from '~/components/shop/live-updates'
import { Button } from '~/components/ui/button'
import { useSerialRevalidate } from '~/utils/use-serial-revalidate'

/** Document 001 §8 (error catalogue, customer area): what removing from 'Meus Favoritos' says when it fails. */
export const REMOVE_FAVORITE_ERROR = 'Não foi possível remover o favorito'

/**
 * 'Remover' under a card of 'Meus Favoritos' (document 001 §2). Posts to the same endpoint as
 * the heart, then revalidates: the page's loader drops the card and the header badge follows.
 */
export function RemoveFavoriteButton({ product }: { product: { id: string; title: string } }) {
	const revalidate = useSerialRevalidate()
	const [pending, setPending] = useState(false)

	async function remove() {
		if (pending) return
		setPending(true)
		noteLocalFavoriteChange(product.id)
		try {
			const response = await fetch(FAVORITES_ENDPOINT, {
				method: 'POST',
				body: new URLSearchParams({ intent: 'remove', productId: product.id }),
				headers: { Accept: 'application/json' },
				credentials: 'same-origin',
			})
			const result = (await response.json().catch(() => null)) as FavoriteActionResult | null
			if (!response.ok || !result?.ok) {
				toast.error(favoriteMessages.errorTitle, { description: REMOVE_FAVORITE_ERROR })
				return
			}
			toast.success(favoriteMessages.removedTitle, { description: favoriteMessages.removed(result.productTitle) })
			await revalidate()
		} catch {
			toast.error(favoriteMessages.errorTitle, { description: REMOVE_FAVORITE_ERROR })
		} finally {
			setPending(false)
		}
	}

	return (
		<Button
			type="button"
			variant="outline"
			size="sm"
			className="flex-1"
			// The visible word starts the name (label in name); the title tells the cards apart.
			aria-label={`Remover ${product.title}`}
			aria-busy={pending || undefined}
			disabled={pending}
			onClick={() => void remove()}
		>
			{pending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <Trash2Icon aria-hidden="true" />}
			Remover
		</Button>
	)
}
