import { StarIcon } from 'lucide-react'
import { cn } from '~/utils/cn'
import { starsLabel } from '~/utils/reviews'

/**
 * Five stars for a rating, rounded to whole stars (document 000 §9: 'stars rounded').
 * One image with an accessible name ('4,5 de 5 estrelas'); the stars themselves are decoration.
 */
export function StarRating({ value, className }: { value: number; className?: string }) {
	const filled = Math.min(5, Math.max(0, Math.round(value)))
	return (
		<span role="img" aria-label={starsLabel(value)} className={cn('inline-flex items-center gap-0.5', className)}>
			{Array.from({ length: 5 }, (_, index) => (
				<StarIcon
					key={index}
					aria-hidden="true"
					className={cn('size-4', index < filled ? 'fill-amber-400 text-amber-400' : 'fill-none text-muted-foreground/50')}
				/>
			))}
		</span>
	)
}
