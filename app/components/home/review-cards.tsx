import { Link } from 'react-router'
import { StarRating } from '~/components/reviews/star-rating'
import type { HomeReviews } from '~/server/home.server'

/** The home's review cards, drawn when the section comes near (reviews-section.tsx, decision 089). */
export function ReviewCards({ reviews }: { reviews: HomeReviews['reviews'] }) {
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
