import { cn } from '~/utils/cn'
import { starsLabel } from '~/utils/reviews'

/**
 * Five stars for a rating, rounded to whole stars (document 000 §9: 'stars rounded').
 * One image with an accessible name ('4,5 de 5 estrelas'). The stars are drawn by CSS on that one
 * element (`.star-rating` in app.css, decision 089), not as five SVGs: the home page's twelve
 * reviews alone carried 65 of its 185 inline SVGs.
 */
export function StarRating({ value, size = 'md', className }: { value: number; size?: 'md' | 'lg'; className?: string }) {
	const filled = Math.min(5, Math.max(0, Math.round(value)))
	return (
		<span
			role="img"
			aria-label={starsLabel(value)}
			data-stars={filled}
			className={cn('star-rating', size === 'lg' && 'star-rating-lg', className)}
		/>
	)
}
