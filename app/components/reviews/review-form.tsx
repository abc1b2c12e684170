import { Loader2Icon, StarIcon } from '~/components/icons/lucide'
import { useId, useState } from 'react'
import { toast } from '~/components/ui/toast'
import { useVisitor } from '~/components/shop/use-root-data'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { cn } from '~/utils/cn'
import { type ReviewActionResult, REVIEW_COMMENT_MAX, REVIEW_NAME_MAX, type ReviewFieldErrors, reviewMessages } from '~/utils/review-messages'
import type { reviewFormSchema as ReviewFormSchemaType } from '~/utils/review-form-schema'

/** Where the review form posts (app/routes/resources/reviews.ts). */
export const REVIEWS_ENDPOINT = '/resources/reviews'

export type ReviewFormValues = { rating: number; comment: string; name: string }

export type ReviewFormProps = {
	productId: string
	productTitle: string
	/** What the shopper chose or typed in the server's form before this code arrived (product-reviews-slot.tsx). */
	initial?: ReviewFormValues
}

const EMPTY: ReviewFormValues = { rating: 0, comment: '', name: '' }

/**
 * The review form (document 000 §5): five stars, an optional name when signed out, the comment
 * with its counter. Checked on submit with the server's schema and sent with fetch; a sent review
 * waits for approval. Loaded apart from the page (product-reviews-slot.tsx).
 */
export function ReviewForm({ productId, productTitle, initial = EMPTY }: ReviewFormProps) {
	const signedIn = Boolean(useVisitor()?.user)
	const [rating, setRating] = useState(initial.rating)
	const [comment, setComment] = useState(initial.comment)
	const [name, setName] = useState(initial.name)
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
