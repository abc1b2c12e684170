import { useId } from 'react'
import { StarRating } from '~/components/reviews/star-rating'
import { formatRatingAverage, type PublicReview, type ReviewSummary, reviewCountLabel } from '~/utils/reviews'
import { ReviewForm, type ReviewFormValues } from './review-form'

export type ProductReviewsProps = {
	productId: string
	productTitle: string
	reviews: PublicReview[]
	summary: ReviewSummary
	/** What the shopper chose and typed in the server's form before this code came (product-reviews-slot.tsx). */
	initialForm?: ReviewFormValues
}

/**
 * The product page's reviews section (document 000 §2, §4, §5, §9): the average and count of
 * approved reviews, the list with pt-BR dates, and the form. Its code loads when it comes near
 * (product-reviews-slot.tsx). A sent review waits for approval, so it does not appear in the list.
 */
export function ProductReviews({ productId, productTitle, reviews, summary, initialForm }: ProductReviewsProps) {
	const headingId = useId()
	return (
		<section aria-labelledby={headingId} className="space-y-6">
			<div className="flex flex-wrap items-end justify-between gap-3">
				<h2 id={headingId} className="text-2xl font-bold">
					Avaliações
				</h2>
				{summary.count > 0 && summary.average !== null ? (
					<p className="flex items-center gap-2 text-sm text-muted-foreground">
						<StarRating value={summary.average} />
						<span>
							<span className="font-semibold text-foreground">{formatRatingAverage(summary.average)}</span> ·{' '}
							{reviewCountLabel(summary.count)}
						</span>
					</p>
				) : null}
			</div>
			<div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
				<ReviewList reviews={reviews} />
				<ReviewForm productId={productId} productTitle={productTitle} initial={initialForm} />
			</div>
		</section>
	)
}

function ReviewList({ reviews }: { reviews: PublicReview[] }) {
	if (reviews.length === 0) {
		return <p className="text-muted-foreground">Nenhuma avaliação ainda. Seja o primeiro a avaliar!</p>
	}
	return (
		<ul className="space-y-4" aria-label="Avaliações de clientes">
			{reviews.map((review) => (
				<li key={review.id} className="rounded-lg border bg-card p-4 text-card-foreground">
					<div className="flex flex-wrap items-center justify-between gap-2">
						<p className="font-semibold">{review.customerName}</p>
						<time dateTime={review.createdAt} className="text-xs text-muted-foreground">
							{review.dateLabel}
						</time>
					</div>
					<StarRating value={review.rating} className="mt-1" />
					{review.comment ? <p className="mt-2 text-sm whitespace-pre-line">{review.comment}</p> : null}
				</li>
			))}
		</ul>
	)
}

/** What the shopper chose and typed in the server's form (the star, the comment, the name). */
export function readReviewForm(container: HTMLElement): ReviewFormValues {
	return {
		rating: Number(container.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value ?? 0),
		comment: container.querySelector<HTMLTextAreaElement>('textarea[name="comment"]')?.value ?? '',
		name: container.querySelector<HTMLInputElement>('input[name="name"]')?.value ?? '',
	}
}
