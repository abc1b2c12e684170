import { Loader2Icon, StarIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from '~/components/ui/toast'
import { StarRating } from '~/components/reviews/star-rating'
import { useVisitor } from '~/components/shop/use-root-data'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { cn } from '~/utils/cn'
import {
	formatRatingAverage,
	type PublicReview,
	type ReviewActionResult,
	REVIEW_COMMENT_MAX,
	REVIEW_NAME_MAX,
	type ReviewFieldErrors,
	type ReviewSummary,
	reviewCountLabel,
	reviewMessages,
} from '~/utils/reviews'
import type { reviewFormSchema as ReviewFormSchemaType } from '~/utils/review-form-schema'

/** Where the review form posts (app/routes/resources/reviews.ts). */
export const REVIEWS_ENDPOINT = '/resources/reviews'

type ProductReviewsProps = {
	productId: string
	productTitle: string
	reviews: PublicReview[]
	summary: ReviewSummary
}

/**
 * The product page's reviews section (document 000 §2, §4, §5, §9): the average and count of
 * approved reviews, the list with pt-BR dates, and the form. A sent review waits for approval,
 * so it does not appear in the list.
 */
export function ProductReviews({ productId, productTitle, reviews, summary }: ProductReviewsProps) {
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
				<ReviewForm productId={productId} productTitle={productTitle} />
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

function ReviewForm({ productId, productTitle }: { productId: string; productTitle: string }) {
	const signedIn = Boolean(useVisitor()?.user)
	const [rating, setRating] = useState(0)
	const [comment, setComment] = useState('')
	const [name, setName] = useState('')
	const [sending, setSending] = useState(false)
	const [errors, setErrors] = useState<ReviewFieldErrors>({})
	const ids = { comment: useId(), name: useId(), counter: useId(), commentError: useId(), nameError: useId(), ratingError: useId() }

	async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (sending) return
		const values = { productId, rating: String(rating), comment, ...(signedIn ? {} : { name }) }
		// The same schema the server applies; its first message is the toast (document 000 §5).
		// Loaded on submit: zod stays out of the product page's first load.
		let checked: ReturnType<typeof ReviewFormSchemaType.safeParse>
		try {
			const { reviewFormSchema } = await import('~/utils/review-form-schema')
			checked = reviewFormSchema.safeParse(values)
		} catch {
			toast.error(reviewMessages.errorTitle, { description: reviewMessages.errorDescription })
			return
		}
		if (!checked.success) {
			const first = checked.error.issues[0]?.message ?? reviewMessages.errorTitle
			setErrors({})
			toast.error(first)
			return
		}
		setSending(true)
		setErrors({})
		try {
			const response = await fetch(REVIEWS_ENDPOINT, {
				method: 'POST',
				body: new URLSearchParams(values),
				headers: { Accept: 'application/json' },
				credentials: 'same-origin',
			})
			const result = (await response.json().catch(() => null)) as ReviewActionResult | null
			if (response.ok && result?.ok) {
				toast.success(reviewMessages.successTitle, { description: reviewMessages.successDescription })
				setRating(0)
				setComment('')
				setName('')
				return
			}
			// Keep everything typed; show what the server found wrong, if anything specific.
			if (result && !result.ok && result.fieldErrors && Object.keys(result.fieldErrors).length > 0) {
				setErrors(result.fieldErrors)
				toast.error(reviewMessages.errorTitle, { description: result.message })
			} else {
				toast.error(reviewMessages.errorTitle, {
					description: result && !result.ok && response.status === 429 ? result.message : reviewMessages.errorDescription,
				})
			}
		} catch {
			toast.error(reviewMessages.errorTitle, { description: reviewMessages.errorDescription })
		} finally {
			setSending(false)
		}
	}

	return (
		<form
			onSubmit={handleSubmit}
			noValidate
			aria-label={`Avaliar ${productTitle}`}
			className="h-fit space-y-4 rounded-lg border bg-card p-4 text-card-foreground"
		>
			<h3 className="text-lg font-semibold">Deixe sua avaliação</h3>
			<StarPicker value={rating} onChange={setRating} disabled={sending} error={errors.rating} errorId={ids.ratingError} />
			{signedIn ? null : (
				<div className="space-y-2">
					<Label htmlFor={ids.name}>Seu nome (opcional)</Label>
					<Input
						id={ids.name}
						name="name"
						value={name}
						maxLength={REVIEW_NAME_MAX}
						autoComplete="name"
						placeholder="Anônimo"
						onChange={(event) => setName(event.target.value)}
						aria-invalid={errors.name ? true : undefined}
						aria-describedby={errors.name ? ids.nameError : undefined}
					/>
					{errors.name ? (
						<p id={ids.nameError} className="text-sm text-destructive">
							{errors.name}
						</p>
					) : null}
				</div>
			)}
			<div className="space-y-2">
				<Label htmlFor={ids.comment}>Comentário</Label>
				<Textarea
					id={ids.comment}
					name="comment"
					value={comment}
					maxLength={REVIEW_COMMENT_MAX}
					rows={4}
					placeholder="Conte o que achou do produto"
					onChange={(event) => setComment(event.target.value)}
					aria-invalid={errors.comment ? true : undefined}
					aria-describedby={[ids.counter, errors.comment ? ids.commentError : null].filter(Boolean).join(' ')}
				/>
				<div className="flex justify-between gap-2 text-xs">
					{errors.comment ? (
						<p id={ids.commentError} className="text-destructive">
							{errors.comment}
						</p>
					) : (
						<span />
					)}
					<p id={ids.counter} className="text-muted-foreground" aria-live="polite">
						{comment.length}/{REVIEW_COMMENT_MAX}
					</p>
				</div>
			</div>
			<Button type="submit" className="w-full" disabled={sending || rating === 0}>
				{sending ? (
					<>
						<Loader2Icon className="animate-spin" aria-hidden="true" />
						Enviando...
					</>
				) : (
					'Enviar Avaliação'
				)}
			</Button>
		</form>
	)
}

/** Five radio buttons drawn as stars: arrow keys move between them, as in any radio group. */
function StarPicker({
	value,
	onChange,
	disabled,
	error,
	errorId,
}: {
	value: number
	onChange: (value: number) => void
	disabled: boolean
	error?: string
	errorId: string
}) {
	const name = useId()
	const [hovered, setHovered] = useState(0)
	const shown = hovered || value
	return (
		<fieldset className="space-y-2" aria-describedby={error ? errorId : undefined} disabled={disabled}>
			<legend className="text-sm font-medium">Sua nota</legend>
			<div className="flex gap-1" onMouseLeave={() => setHovered(0)}>
				{[1, 2, 3, 4, 5].map((star) => (
					<label key={star} className="relative cursor-pointer" onMouseEnter={() => setHovered(star)}>
						<input
							type="radio"
							name={name}
							value={star}
							checked={value === star}
							onChange={() => onChange(star)}
							className="peer sr-only"
						/>
						<span className="sr-only">{star === 1 ? '1 estrela' : `${star} estrelas`}</span>
						<StarIcon
							aria-hidden="true"
							className={cn(
								'size-7 rounded-sm transition-colors peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring',
								star <= shown ? 'fill-amber-400 text-amber-400' : 'fill-none text-muted-foreground',
							)}
						/>
					</label>
				))}
			</div>
			{error ? (
				<p id={errorId} className="text-sm text-destructive">
					{error}
				</p>
			) : null}
		</fieldset>
	)
}
