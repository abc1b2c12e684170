import { MessageCircleIcon } from '~/components/icons/lucide'
import { Link } from 'react-router'
import type { ProductSummary } from '~/commerce'
import { FavoriteButton } from '~/components/shop/favorite-button'
import { whatsappUrl } from '~/components/shop/navigation'
import { useRootData } from '~/components/shop/use-root-data'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { formatMoney, noBreakPrice } from '~/utils/format'
import { responsiveImageProps } from '~/utils/responsive-image'
import { listPrice } from '~/commerce/rules/list-price'
import { installmentLabel, pixOfferLabel } from '~/utils/installments'
import { usePixDiscountPercent } from './use-root-data'
import { SUBSCRIPTION_COLLECTION, SUBSCRIPTION_MONTHS, planPriceText } from '~/utils/plan-price'

/**
 * Collection whose products are yearly subscriptions, and the plan's months: defined in
 * utils/plan-price.ts, which a page imports instead of this card (issue 34: the card is not in
 * the product page's or the checkout's first load).
 */
export { SUBSCRIPTION_COLLECTION, SUBSCRIPTION_MONTHS }

/**
 * Only what a card shows. Lists send this instead of the whole ProductSummary so that a page
 * of 50 products does not ship every variant and description to the browser twice (HTML and
 * hydration data).
 */
export type ProductCardData = {
	id: string
	handle: string
	title: string
	/** The lowest price among the variants that can be sold, in cents (listPrice). */
	priceCents: number
	/** The sellable variants' prices differ: the price reads 'a partir de'. */
	priceVaries?: boolean
	image: { url: string; altText: string | null; width: number | null; height: number | null } | null
	availableForSale: boolean
	isSubscription: boolean
}

export function toProductCardData(product: ProductSummary): ProductCardData {
	const image = product.images[0] ?? null
	const price = listPrice(product)
	return {
		id: product.id,
		handle: product.handle,
		title: product.title,
		priceCents: price.minCents,
		priceVaries: price.varies,
		image: image ? { url: image.url, altText: image.altText, width: image.width, height: image.height } : null,
		availableForSale: product.availableForSale,
		isSubscription: product.collections.some((c) => c.handle === SUBSCRIPTION_COLLECTION),
	}
}

// Fallback intrinsic size when the provider does not know it: the demo photos are square.
const DEFAULT_IMAGE_SIZE = 800
// Matches ProductGrid's columns: 2 on phones, 3 from md, 4 from lg.
export const PRODUCT_CARD_IMAGE_SIZES = '(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw'

type ProductCardProps = {
	product: ProductCardData
	/** Above the fold (first row): load the image eagerly so it is not the late LCP element. */
	priority?: boolean
	/** Heading level of the title inside the page's outline. */
	headingLevel?: 'h2' | 'h3'
}

export function ProductCard({ product, priority = false, headingLevel = 'h2' }: ProductCardProps) {
	const pixDiscountPercent = usePixDiscountPercent()
	const root = useRootData()
	const href = `/produto/${product.handle}`
	const Heading = headingLevel
	const price = formatMoney(product.priceCents)

	return (
		<article className="group relative flex w-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md">
			<div className="relative aspect-square overflow-hidden bg-muted">
				{/* The image repeats the title link's target; hidden from the tab order and screen readers to avoid a duplicate link. */}
				<Link to={href} tabIndex={-1} aria-hidden="true" prefetch="intent">
					{product.image ? (
						<img
							{...responsiveImageProps(product.image.url, { sizes: PRODUCT_CARD_IMAGE_SIZES, width: product.image.width })}
							alt=""
							width={product.image.width ?? DEFAULT_IMAGE_SIZE}
							height={product.image.height ?? DEFAULT_IMAGE_SIZE}
							loading={priority ? 'eager' : 'lazy'}
							fetchPriority={priority ? 'high' : undefined}
							decoding="async"
							className="size-full object-cover transition-transform duration-300 group-hover:scale-105 dark:brightness-[0.85]"
						/>
					) : null}
				</Link>
				<div className="absolute top-2 left-2 flex flex-col gap-1">
					{!product.availableForSale ? <Badge variant="destructive">Indisponível</Badge> : null}
					{product.isSubscription ? <Badge>Frete Grátis</Badge> : null}
				</div>
				<FavoriteButton product={product} className="absolute top-2 right-2" />
			</div>
			<div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
				<Heading className="line-clamp-2 text-sm font-semibold sm:text-base">
					<Link to={href} prefetch="intent" className="hover:underline focus-visible:underline">
						{product.title}
					</Link>
				</Heading>
				{product.isSubscription ? (
					<SubscriptionPrice monthlyCents={product.priceCents} pixDiscountPercent={pixDiscountPercent} />
				) : (
					<>
						<p className="text-lg font-bold text-primary">
							{product.priceVaries ? <span className="text-xs font-medium text-muted-foreground">a partir de </span> : null}
							{noBreakPrice(price)}
						</p>
						<div className="text-xs text-muted-foreground">
							<p>{`em até ${installmentLabel(product.priceCents)}`}</p>
							<p data-testid="pix-card">{pixOfferLabel(product.priceCents, pixDiscountPercent)}</p>
						</div>
					</>
				)}
				{product.isSubscription ? (
					<div className="mt-auto flex flex-col gap-2 pt-2">
						{/* Subscriptions cannot be added from the card (document 000 §4). */}
						{/* Long label in a narrow card: it wraps instead of being clipped (issue 31). */}
						<Button asChild size="sm" className="h-auto min-h-8 py-1.5 text-center whitespace-normal">
							<Link to={href}>Ver Detalhes da Assinatura</Link>
						</Button>
						{root?.settings.whatsappNumber ? (
							<Button asChild size="sm" variant="outline">
								<a
									href={`${whatsappUrl(root.settings.whatsappNumber)}?text=${encodeURIComponent(`Olá! Tenho interesse na assinatura ${product.title}`)}`}
									target="_blank"
									rel="noopener noreferrer"
								>
									<MessageCircleIcon aria-hidden="true" />
									WhatsApp
								</a>
							</Button>
						) : null}
					</div>
				) : null}
			</div>
		</article>
	)
}

/**
 * A subscription's price said once (issue 31): the annual price the shopper pays, how she can
 * pay it, and what it comes to per month.
 */
function SubscriptionPrice({ monthlyCents, pixDiscountPercent }: { monthlyCents: number; pixDiscountPercent: number }) {
	const text = planPriceText(monthlyCents, pixDiscountPercent)
	return (
		<div className="space-y-0.5 text-xs text-muted-foreground">
			<p className="text-lg font-bold text-primary" data-testid="assinatura-anual">
				{noBreakPrice(text.annual)} <span className="text-sm font-medium whitespace-nowrap text-muted-foreground">{text.period}</span>
			</p>
			<p>{text.instalments}</p>
			<p data-testid="pix-card">{text.pix}</p>
			<p data-testid="assinatura-mensal">{text.monthly}</p>
		</div>
	)
}

