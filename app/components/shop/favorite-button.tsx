import { useState } from 'react'
import { toast } from '~/components/ui/toast'
import { type FavoriteActionResult, FAVORITES_ENDPOINT, favoriteMessages } from '~/components/engagement/favorite-messages'
import { noteLocalFavoriteChange } from '~/components/shop/live-updates'
import { useVisitor } from '~/components/shop/use-root-data'
import { cn } from '~/utils/cn'
import { useSerialRevalidate } from '~/utils/use-serial-revalidate'

/**
 * The heart on a product (document 000 §2 'Product card', §4, §5, §8). Whether the product is
 * a favourite comes from the visitor data (the signed-in person's favourite ids); a click
 * shows the new state at once, posts to /resources/favorites and revalidates, so the header
 * badge and every other heart for the product follow. Signed out, it asks to log in.
 */
export function FavoriteButton({ product, className }: { product: { id: string; title: string }; className?: string }) {
	const visitor = useVisitor()
	const revalidate = useSerialRevalidate()
	const [optimistic, setOptimistic] = useState<boolean | null>(null)
	const [pending, setPending] = useState(false)
	const saved = visitor?.favoriteProductIds.includes(product.id) ?? false
	const isFavorite = optimistic ?? saved

	async function toggle() {
		// Not yet known (the visitor is still loading): the server answers 401 if signed out.
		if (visitor && !visitor.user) {
			toast.error(favoriteMessages.loginTitle, { description: favoriteMessages.loginDescription })
			return
		}
		if (pending) return
		const next = !isFavorite
		setOptimistic(next)
		setPending(true)
		noteLocalFavoriteChange(product.id)
		try {
			const response = await fetch(FAVORITES_ENDPOINT, {
				method: 'POST',
				body: new URLSearchParams({ intent: next ? 'add' : 'remove', productId: product.id }),
				headers: { Accept: 'application/json' },
				credentials: 'same-origin',
			})
			const result = (await response.json().catch(() => null)) as FavoriteActionResult | null
			if (!response.ok || !result?.ok) {
				if (response.status === 401) {
					toast.error(favoriteMessages.loginTitle, { description: favoriteMessages.loginDescription })
				} else {
					toast.error(favoriteMessages.errorTitle, { description: favoriteMessages.errorDescription })
				}
				setOptimistic(null)
				return
			}
			if (result.favorite) {
				toast.success(favoriteMessages.addedTitle, { description: favoriteMessages.added(result.productTitle) })
			} else {
				toast.success(favoriteMessages.removedTitle, { description: favoriteMessages.removed(result.productTitle) })
			}
			if (result.pointsAwarded > 0) {
				toast.success(favoriteMessages.pointsTitle(result.pointsAwarded), { description: favoriteMessages.pointsDescription })
			}
			// Keep showing the new state until the root data carries it.
			await revalidate()
			setOptimistic(null)
		} catch {
			toast.error(favoriteMessages.errorTitle, { description: favoriteMessages.errorDescription })
			setOptimistic(null)
		} finally {
			setPending(false)
		}
	}

	return (
		// The look is one class in app.css (.favorite-button): this button is drawn once per card.
		<button
			type="button"
			className={cn('favorite-button', className)}
			aria-label={isFavorite ? 'Remover dos favoritos' : 'Adicionar aos favoritos'}
			aria-pressed={isFavorite}
			aria-busy={pending || undefined}
			data-favorite={isFavorite ? 'true' : 'false'}
			onClick={() => void toggle()}
		/>
	)
}
