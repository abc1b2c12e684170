import { useRef } from 'react'
import { Link } from 'react-router'
import { StarRating } from '~/components/reviews/star-rating'
import { Skeleton } from '~/components/ui/skeleton'
import type { HomeReviews } from '~/server/home.server'
import { formatRatingAverage, reviewCountLabel } from '~/utils/reviews'
import { SectionHeading } from './section-heading'
import { useNear } from './use-near'

/**
 * document 000 §2/§9: the 12 latest approved reviews with the average (one decimal), the
 * stars rounded, the count in singular/plural and pt-BR dates. Hidden when there are none
 * or they failed to load (§8: logged only). The average and count are in the HTML; the cards are
 * drawn when the section nears the viewport (decision 089), a placeholder of their size until then.
 */
export function ReviewsSection({ data }: { data: HomeReviews | null }) {
	const section = useRef<HTMLElement>(null)
	const [near, drawNow] = useNear(section)
	if (!data || data.reviews.length === 0) return null
	const average = formatRatingAverage(data.average)
	return (
		<section
			ref={section}
			aria-labelledby="avaliacoes-title"
			className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-12"
			data-testid="home-reviews"
			onFocus={near ? undefined : drawNow}
			onPointerEnter={near ? undefined : drawNow}
		>
			<SectionHeading id="avaliacoes-title" title="O que dizem nossos clientes" />
			<div className="mb-6 flex flex-wrap items-center gap-x-3 gap-y-1">
				<span className="text-3xl font-bold">{average}</span>
				{/* Rounds the stars itself (document 000 §9) and names the average for screen readers. */}
				<StarRating value={data.average} size="lg" />
				<span className="text-sm text-muted-foreground" data-testid="reviews-count">
					{reviewCountLabel(data.count)}
				</span>
			</div>
			{near ? <ReviewCards reviews={data.reviews} /> : <ReviewCardsPlaceholder />}
		</section>
	)
}

function ReviewCards({ reviews }: { reviews: HomeReviews['reviews'] }) {
	return (
		<ul
			className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin]"
			// Keyboard users can scroll the list even when no review links to a product.
			tabIndex={0}
			aria-label="Avaliações de clientes"
		>
			{reviews.map((review) => (
				<li
					key={review.id}
					className="flex w-72 shrink-0 snap-start flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:w-80"
				>
					<div className="flex items-center justify-between gap-2">
						<p className="font-semibold">{review.customerName}</p>
						<StarRating value={review.rating} />
					</div>
					{review.comment ? <p className="line-clamp-5 text-sm text-pretty">{review.comment}</p> : null}
					<div className="mt-auto space-y-0.5 text-xs text-muted-foreground">
						<p>
							{review.productHandle ? (
								<Link to={`/produto/${review.productHandle}`} className="underline underline-offset-2 hover:text-foreground">
									{review.productName}
								</Link>
							) : (
								review.productName
							)}
						</p>
						<p>
							<time dateTime={review.createdAt}>{review.dateLabel}</time>
						</p>
					</div>
				</li>
			))}
		</ul>
	)
}

/** The cards' row until the section is near (their height: nothing moves when they come). */
function ReviewCardsPlaceholder() {
	return (
		<div aria-hidden="true" className="flex gap-4 overflow-hidden pb-3">
			{Array.from({ length: 4 }, (_, index) => (
				<Skeleton key={index} className="h-48 w-72 shrink-0 rounded-xl sm:w-80" />
			))}
		</div>
	)
}

export function ReviewsSkeleton() {
	return (
		<div className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-12" aria-busy="true">
			<Skeleton className="mb-6 h-8 w-72 max-w-full" />
			<div className="flex gap-4 overflow-hidden">
				{Array.from({ length: 4 }, (_, index) => (
					<Skeleton key={index} className="h-44 w-72 shrink-0 rounded-xl sm:w-80" />
				))}
			</div>
		</div>
	)
}
