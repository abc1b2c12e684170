import { ArrowLeftIcon, CheckIcon, TruckIcon } from '~/components/icons/lucide'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { Product, ProductVariant } from '~/commerce'
import { useCart } from '~/components/cart/use-cart'
import { ProductReviewsSlot } from '~/components/reviews/product-reviews-slot'
import { StarRating } from '~/components/reviews/star-rating'
import { SUBSCRIPTION_MONTHS } from '~/utils/plan-price'
import { BenefitCards } from '~/components/subscriptions/benefit-cards'
import { annualTotalCents, FREE_SHIPPING_BANNER, planPriceText } from '~/components/subscriptions/plan'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { formatMoney, noBreakPrice } from '~/utils/format'
import { formatRatingAverage, type PublicReview, reviewCountLabel, type ReviewSummary } from '~/utils/reviews'
import { usePixDiscountPercent } from '~/components/shop/use-root-data'
import { responsiveImageProps } from '~/utils/responsive-image'
import { SUBSCRIPTION_TITLE_ID } from './subscription-slot'
import { DescriptionHtml } from './description-html'

export type SubscriptionProductProps = {
	/** descriptionHtml is already sanitised by the loader. */
	product: Product
	reviewSummary: ReviewSummary
	reviews: PublicReview[]
}

/** The variant bought: the first one that can be sold, else the first (shown as unavailable). */
function defaultVariant(product: Product): ProductVariant | undefined {
	return product.variants.find((v) => v.availableForSale) ?? product.variants[0]
}

function variantLabel(variant: ProductVariant): string {
	return variant.selectedOptions.map((o) => o.value).join(' • ') || variant.title
}

/**
 * The subscription layout of the product page (document 000 §2 'Product page', decision 6):
 * badge 'Assinatura Anual', the monthly price and the annual total (12 ×), free shipping,
 * six benefit cards, description, reviews and 'Assinar por R$ {total}', which adds one
 * subscription line and goes to checkout. The server turns a line of an 'assinatura' product
 * into 12 months at 12 × the price; the browser sends only the variant id.
 *
 * It renders inside the page's <main> (the product route owns the landmark and the 404).
 */
export function SubscriptionProduct({ product, reviewSummary, reviews }: SubscriptionProductProps) {
	const pixDiscountPercent = usePixDiscountPercent()
	const cart = useCart()
	const selectId = useId()
	const [variantId, setVariantId] = useState(() => defaultVariant(product)?.id ?? '')
	const variant = product.variants.find((v) => v.id === variantId) ?? defaultVariant(product)
	const monthlyCents = variant?.price.amountCents ?? product.priceRange.minVariantPrice.amountCents
	const totalCents = annualTotalCents(monthlyCents)
	const canBuy = Boolean(variant?.availableForSale)
	const image = product.images[0]
	const ctaLabel = `Assinar por ${formatMoney(totalCents)}`
	const price = planPriceText(monthlyCents, pixDiscountPercent)

	function subscribe() {
		if (!variant || !canBuy) return
		cart.add([{ variantId: variant.id, quantity: 1 }], { checkout: true })
	}

	const subscribeButton = (
		<Button size="lg" className="w-full sm:w-auto" disabled={!canBuy || cart.busy} onClick={subscribe}>
			{cart.busy ? 'Processando...' : ctaLabel}
		</Button>
	)

	return (
		<article className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-6 sm:py-10" aria-labelledby={SUBSCRIPTION_TITLE_ID}>
			<Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
				<Link to="/assinaturas">
					<ArrowLeftIcon aria-hidden="true" />
					Voltar para Assinaturas
				</Link>
			</Button>

			<div className="grid items-start gap-8 md:grid-cols-2">
				<div className="overflow-hidden rounded-2xl border bg-muted">
					{image ? (
						<img
							{...responsiveImageProps(image.url, { sizes: '(min-width: 768px) 50vw, 100vw', width: image.width })}
							alt={image.altText ?? product.title}
							width={image.width ?? 800}
							height={image.height ?? 800}
							fetchPriority="high"
							className="aspect-square size-full object-cover dark:brightness-[0.85]"
						/>
					) : (
						<div className="aspect-square" />
					)}
				</div>

				<div className="flex flex-col gap-5">
					<div className="flex flex-wrap gap-2">
						<Badge>Assinatura Anual</Badge>
						<Badge variant="secondary">
							<TruckIcon aria-hidden="true" />
							Frete Grátis
						</Badge>
						{!canBuy ? <Badge variant="destructive">Indisponível</Badge> : null}
					</div>
					<h1 id={SUBSCRIPTION_TITLE_ID} className="text-2xl font-bold sm:text-3xl">
						{product.title}
					</h1>
					{reviewSummary.count > 0 && reviewSummary.average !== null ? (
						<p className="flex items-center gap-2 text-sm text-muted-foreground">
							<StarRating value={reviewSummary.average} />
							<span>
								{formatRatingAverage(reviewSummary.average)} ({reviewCountLabel(reviewSummary.count)})
							</span>
						</p>
					) : null}

					{/* The price said once (issue 31): the annual price, how to pay it, the monthly equivalent. */}
					<div className="rounded-xl border bg-card p-5">
						<p className="text-3xl font-bold text-primary" data-testid="assinatura-anual">
							{noBreakPrice(price.annual)} <span className="text-base font-medium whitespace-nowrap text-muted-foreground">{price.period}</span>
						</p>
						<p className="mt-1 text-sm text-muted-foreground">
							{price.instalments} {price.pix}
						</p>
						<p className="mt-1 text-sm text-muted-foreground" data-testid="assinatura-mensal">
							{price.monthly}
						</p>
						<p className="mt-3 text-sm font-medium">{FREE_SHIPPING_BANNER}</p>
					</div>

					{product.variants.length > 1 ? (
						<div className="flex flex-col gap-2">
							<label htmlFor={selectId} className="text-sm font-medium">
								Plano
							</label>
							<select
								id={selectId}
								value={variant?.id ?? ''}
								onChange={(event) => setVariantId(event.target.value)}
								className="h-10 rounded-md border bg-background px-3 text-sm focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
							>
								{product.variants.map((v) => (
									<option key={v.id} value={v.id} disabled={!v.availableForSale}>
										{variantLabel(v)} — {formatMoney(annualTotalCents(v.price.amountCents))} por {SUBSCRIPTION_MONTHS} meses
									</option>
								))}
							</select>
						</div>
					) : null}

					{subscribeButton}

					{product.descriptionHtml.trim() ? (
						<section aria-labelledby="assinatura-descricao" className="flex flex-col gap-2">
							<h2 id="assinatura-descricao" className="text-lg font-semibold">
								Sobre a assinatura
							</h2>
							<DescriptionHtml
								className="product-description flex flex-col gap-3 text-muted-foreground [&_a]:text-primary [&_a]:underline [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-foreground [&_h3]:font-semibold [&_h3]:text-foreground [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:pl-5"
								html={product.descriptionHtml}
							/>
						</section>
					) : null}
				</div>
			</div>

			<BenefitCards headingId="assinatura-beneficios" title="Benefícios da assinatura" />

			<ProductReviewsSlot productId={product.id} productTitle={product.title} reviews={reviews} summary={reviewSummary} />

			<section
				aria-labelledby="assinatura-cta"
				className="flex flex-col items-center gap-4 rounded-2xl bg-primary/10 px-6 py-10 text-center"
			>
				<h2 id="assinatura-cta" className="text-2xl font-bold">
					Pronto para mimar seu pet o ano todo?
				</h2>
				<ul className="flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:gap-4">
					<li className="inline-flex items-center gap-1">
						<CheckIcon className="size-4 text-primary" aria-hidden="true" />
						{SUBSCRIPTION_MONTHS} meses
					</li>
					<li className="inline-flex items-center gap-1">
						<CheckIcon className="size-4 text-primary" aria-hidden="true" />
						Frete grátis
					</li>
					<li className="inline-flex items-center gap-1">
						<CheckIcon className="size-4 text-primary" aria-hidden="true" />
						{price.instalments}
					</li>
				</ul>
				{subscribeButton}
			</section>
		</article>
	)
}
