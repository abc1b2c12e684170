import { lazy, Suspense, useRef } from 'react'
import { StarRating } from '~/components/reviews/star-rating'
import { Skeleton } from '~/components/ui/skeleton'
import type { HomeReviews } from '~/server/home.server'
import { formatRatingAverage, reviewCountLabel } from '~/utils/reviews'
import { SectionHeading } from './section-heading'
import { useNear } from './use-near'

// The cards' code loads when the section comes near, with them (issue 34): the server and hydration never draw them.
const ReviewCards = lazy(() => import('./review-cards').then((module) => ({ default: module.ReviewCards })))

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
			{near ? (
				<Suspense fallback={<ReviewCardsPlaceholder loading />}>
					<ReviewCards reviews={data.reviews} />
				</Suspense>
			) : (
				<ReviewCardsPlaceholder />
			)}
		</section>
	)
}

/** The cards' row until the section is near (their height: nothing moves when they come); it pulses only while they load. */
function ReviewCardsPlaceholder({ loading = false }: { loading?: boolean }) {
	return (
		<div aria-hidden="true" className="flex gap-4 overflow-hidden pb-3">
			{Array.from({ length: 4 }, (_, index) => (
				<Skeleton key={index} pulse={loading} className="h-48 w-72 shrink-0 rounded-xl sm:w-80" />
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
