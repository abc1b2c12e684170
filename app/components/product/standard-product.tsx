import { ArrowLeftIcon, ChevronRightIcon, Loader2Icon, MessageCircleIcon, ShoppingCartIcon, ZapIcon } from '~/components/icons/lucide'
import { useId, useMemo, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { toast } from '~/components/ui/toast'
import type { Product } from '~/commerce'
import { FASTENING_OPTIONS, type Fastening, type ProductAddonKey } from '~/commerce/rules/add-on-lines'
import { changeOption, initialSelection, isOptionValueDisabled, selectableOptions, selectedVariant } from '~/commerce/rules/variants'
import { useCart } from '~/components/cart/use-cart'
import { ProductReviewsSlot } from '~/components/reviews/product-reviews-slot'
import { StarRating } from '~/components/reviews/star-rating'
import { FavoriteButton } from '~/components/shop/favorite-button'
import { whatsappUrl } from '~/components/shop/navigation'
import { useRootData } from '~/components/shop/use-root-data'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { formatMoney } from '~/utils/format'
import { formatRatingAverage, type PublicReview, type ReviewSummary, reviewCountLabel } from '~/utils/reviews'
import { ShippingCalculatorSlot } from '~/components/shipping/shipping-calculator-slot'
import { InfoTiles } from './info-tiles'
import { StickyBuyBar } from './sticky-buy-bar'
import { OptionPicker } from './option-picker'
import { type AddonOffer, type ExtrasState, NO_EXTRAS } from './extras'
import { DescriptionHtml } from './description-html'
import { ProductGallery } from './product-gallery'
import { whatsappProductMessage } from './product-json-ld'
import { detectProductKind, isSizeOption } from './product-kind'
import { QuantityStepper } from './quantity-stepper'
import { PersonalizationPart, RestockAlertPart } from './optional-parts'
import { useAddOnSchemas } from './use-add-on-schemas'
import { PetSizeHints } from './pet-size-hints'
import { SizeGuideDialog } from './size-guide-dialog'
import { BANDANA_SIZE_GUIDE, COLLAR_SIZE_GUIDE, sizeHint } from './size-guides'
import { installmentLabel, pixOfferLabel } from '~/utils/installments'
import { usePixDiscountPercent } from '~/components/shop/use-root-data'

/** An extra offered on this page: what it costs (shown) and the variant id the cart line uses. */
export type AddonForPage = AddonOffer & { variantId: string }

export type StandardProductProps = {
	/** descriptionHtml is already sanitised by the loader. */
	product: Product
	reviewSummary: ReviewSummary
	reviews: PublicReview[]
	addons: AddonForPage[]
	/** 'Avise-me quando chegar' on sold-out options (built-in catalogue only, decision 120). */
	restockAlerts?: boolean
}

const UNAVAILABLE_TITLE = 'Produto indisponível'

/**
 * The standard product page (document 000 §2 'Product page'): gallery, title, the real
 * rating (decision 7), the selected variant's price, options (size pickers with size guides
 * for bandanas and collars, fastening for bows), quantity, the bandana extras, the three
 * buttons, description, info tiles and reviews. Renders inside the route's <main>.
 */
export function StandardProduct({ product, reviewSummary, reviews, addons, restockAlerts = false }: StandardProductProps) {
	const pixDiscountPercent = usePixDiscountPercent()
	const root = useRootData()
	const cart = useCart()
	const kind = useMemo(() => detectProductKind(product), [product])
	const [selection, setSelection] = useState(() => initialSelection(product))
	const [quantity, setQuantity] = useState(1)
	const [extras, setExtras] = useState<ExtrasState>(NO_EXTRAS)
	const [fastening, setFastening] = useState<Fastening>(FASTENING_OPTIONS[0])
	const [intent, setIntent] = useState<'add' | 'buy' | null>(null)
	const fasteningId = useId()
	const buyButtons = useRef<HTMLDivElement>(null)

	const variant = selectedVariant(product, selection)
	// A variant's picture beyond the product's first ten still shows when it is chosen.
	const galleryImages =
		variant?.image && !product.images.some((i) => i.url === variant.image?.url) ? [...product.images, variant.image] : product.images
	const canBuy = Boolean(variant?.availableForSale)
	const priceCents = variant?.price.amountCents ?? product.priceRange.minVariantPrice.amountCents
	const compareAtCents = variant?.compareAtPrice?.amountCents ?? null
	const sizeGuide = kind.bandana ? BANDANA_SIZE_GUIDE : kind.collar ? COLLAR_SIZE_GUIDE : null
	const options = selectableOptions(product)
	const sizeOption = sizeGuide ? options.find((o) => isSizeOption(o.name)) : undefined
	const genericOptions = options.filter((o) => o !== sizeOption)
	const offers = kind.bandana ? addons : []
	const soldOut = useMemo(
		() => (restockAlerts ? product.variants.filter((v) => !v.availableForSale).map((v) => ({ id: v.id, title: v.title })) : []),
		[restockAlerts, product],
	)
	const chosenSoldOut = !canBuy && soldOut.some((v) => v.id === variant?.id)

	// Live field messages for the typed extras (the same schema decides at add time); the
	// schemas load on the first interaction with the purchase column, before any typing.
	const addOn = useAddOnSchemas()
	const extrasErrors: Partial<Record<'petName' | 'instagram', string>> = {}
	const extrasCheck = addOn.schemas?.productExtrasSchema.safeParse(extras)
	if (extrasCheck && !extrasCheck.success) {
		for (const issue of extrasCheck.error.issues) {
			const field = issue.path[0]
			if ((field === 'petName' || field === 'instagram') && !extrasErrors[field]) extrasErrors[field] = issue.message
		}
	}

	function pick(name: string, value: string) {
		setSelection((current) => changeOption(product, current, name, value))
	}

	async function submit(goToCheckout: boolean) {
		let buildProductCartLines
		try {
			;({ buildProductCartLines } = await addOn.ensure())
		} catch {
			toast.error(goToCheckout ? 'Erro ao criar checkout' : 'Erro ao adicionar ao carrinho', { description: 'Tente novamente.' })
			return
		}
		const result = buildProductCartLines({
			variant,
			quantity,
			productTitle: product.title,
			kind,
			extras: { ...extras, fastening: kind.bow ? fastening : undefined },
			addonVariantIds: Object.fromEntries(offers.map((o) => [o.key, o.variantId])) as Partial<Record<ProductAddonKey, string>>,
		})
		if (!result.ok) {
			toast.error(result.error === 'Esta variante não está disponível.' ? UNAVAILABLE_TITLE : 'Confira os dados', {
				description: result.error,
			})
			return
		}
		// document 000 §9: a missing add-on product is only logged.
		if (result.skipped.length) console.warn('Adicionais indisponíveis:', result.skipped.join(', '))
		setIntent(goToCheckout ? 'buy' : 'add')
		cart.add(result.lines, { checkout: goToCheckout })
	}

	const busy = cart.busy
	const whatsappNumber = root?.settings.whatsappNumber
	const whatsappHref = whatsappNumber
		? `${whatsappUrl(whatsappNumber)}?text=${encodeURIComponent(whatsappProductMessage(product.title))}`
		: null

	return (
		<div className="mx-auto flex w-full max-w-7xl flex-col gap-10 px-4 py-6 sm:py-10">
			<div className="flex flex-col gap-3">
				<Breadcrumb title={product.title} />
				<BackButton />
			</div>

			<div className="grid items-start gap-8 md:grid-cols-2 lg:gap-12">
				<div className="md:sticky md:top-28">
					<ProductGallery images={galleryImages} title={product.title} focusUrl={variant?.image?.url ?? null} />
				</div>

				{/* Pointing at, touching or tabbing into the purchase column loads the form's schemas. */}
				<div className="flex min-w-0 flex-col gap-6" onPointerEnter={() => void addOn.ensure()} onFocus={() => void addOn.ensure()}>
					<div className="flex flex-col gap-3">
						<div className="flex items-start justify-between gap-3">
							<h1 className="text-2xl font-bold text-balance sm:text-3xl">{product.title}</h1>
							<FavoriteButton product={{ id: product.id, title: product.title }} className="shrink-0" />
						</div>
						<Rating summary={reviewSummary} />
						<div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
							<p className="text-3xl font-bold text-primary" data-testid="preco">
								{formatMoney(priceCents)}
							</p>
							{compareAtCents !== null && compareAtCents > priceCents ? (
								<p className="text-base text-muted-foreground line-through">
									<span className="sr-only">De </span>
									{formatMoney(compareAtCents)}
								</p>
							) : null}
							{!canBuy ? (
								<Badge variant="destructive" data-testid="indisponivel">
									Indisponível
								</Badge>
							) : null}
						</div>
						<p className="text-sm text-muted-foreground" data-testid="parcelas">
							{`em até ${installmentLabel(priceCents)} ${pixOfferLabel(priceCents, pixDiscountPercent)}`}
						</p>
					</div>

					{sizeOption && sizeGuide ? (
						<OptionPicker
							name={sizeOption.name}
							values={sizeOption.values}
							selected={selection[sizeOption.name]}
							isDisabled={(value) => isOptionValueDisabled(product, selection, sizeOption.name, value)}
							onChange={(value) => pick(sizeOption.name, value)}
							hint={(value) => (kind.bandana ? sizeHint(sizeGuide, value) : null)}
							aside={<SizeGuideDialog guide={sizeGuide} />}
						/>
					) : null}
					{sizeOption && sizeGuide ? (
						// The signed-in customer's pets, after load (decision 055).
						<PetSizeHints
							kind={sizeGuide.kind}
							product={product}
							sizeOption={sizeOption.name}
							onChoose={(size) => pick(sizeOption.name, size)}
						/>
					) : null}
					{genericOptions.map((option) => (
						<OptionPicker
							key={option.name}
							name={option.name}
							values={option.values}
							selected={selection[option.name]}
							isDisabled={(value) => isOptionValueDisabled(product, selection, option.name, value)}
							onChange={(value) => pick(option.name, value)}
						/>
					))}

					{kind.bow ? (
						<div className="flex flex-col gap-2">
							<label htmlFor={fasteningId} className="text-sm font-semibold">
								Fixação
							</label>
							<select
								id={fasteningId}
								value={fastening}
								onChange={(event) => setFastening(event.target.value as Fastening)}
								className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none sm:max-w-xs"
							>
								{FASTENING_OPTIONS.map((option) => (
									<option key={option} value={option}>
										{option}
									</option>
								))}
							</select>
						</div>
					) : null}

					<QuantityStepper value={quantity} onChange={setQuantity} />

					{/* Its code loads only for a product that offers extras (optional-parts.tsx). */}
					{offers.length > 0 ? <PersonalizationPart offers={offers} value={extras} onChange={setExtras} errors={extrasErrors} /> : null}

					<div className="flex flex-col gap-3" ref={buyButtons}>
						{/* A sold-out choice: 'Avise-me' instead of two buttons that cannot do anything (decision 120). */}
						{chosenSoldOut ? (
							<RestockAlertPart soldOut={soldOut} chosenId={variant?.id ?? null} />
						) : (
							<div className="grid gap-3 sm:grid-cols-2">
								<Button size="lg" variant="outline" disabled={!canBuy || busy} onClick={() => void submit(false)}>
									{busy && intent === 'add' ? (
										<Loader2Icon className="animate-spin" aria-hidden="true" />
									) : (
										<ShoppingCartIcon aria-hidden="true" />
									)}
									Adicionar ao Carrinho
								</Button>
								<Button size="lg" disabled={!canBuy || busy} onClick={() => void submit(true)}>
									{busy && intent === 'buy' ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <ZapIcon aria-hidden="true" />}
									Comprar Agora
								</Button>
							</div>
						)}
						{whatsappHref ? (
							<Button
								asChild
								size="lg"
								variant="secondary"
								className="bg-[#0e7a3e] text-white hover:bg-[#0b6433] dark:bg-[#0e7a3e] dark:hover:bg-[#0b6433]"
							>
								<a href={whatsappHref} target="_blank" rel="noopener noreferrer">
									<MessageCircleIcon aria-hidden="true" />
									Comprar pelo WhatsApp
								</a>
							</Button>
						) : null}
						{/*
						 * Not lazy at hydration: it reads who is looking, and a boundary hydrated after that
						 * answer came would not match the server's HTML (decision 124). Its code loads before
						 * hydration, and only for a product with a sold-out option (optional-parts.tsx).
						 */}
						{soldOut.length > 0 && !chosenSoldOut ? <RestockAlertPart soldOut={soldOut} chosenId={variant?.id ?? null} /> : null}
					</div>

					{root?.settings.shippingCalculator ? (
						<ShippingCalculatorSlot
							target={
								variant
									? {
											intent: 'produto',
											handle: product.handle,
											variantId: variant.id,
											quantity,
											// As the cart line would be (decision 085): the pet's name or Instagram, or a bow's fastening.
											personalized: kind.bow || extras.petName.trim() !== '' || extras.instagram.trim() !== '',
										}
									: null
							}
						/>
					) : null}

					<InfoTiles />
				</div>
			</div>
			{chosenSoldOut ? null : (
				<StickyBuyBar
					anchor={buyButtons}
					title={product.title}
					priceCents={priceCents}
					disabled={!canBuy}
					busy={busy && intent === 'add'}
					onAdd={() => void submit(false)}
				/>
			)}

			{product.descriptionHtml ? (
				<section aria-labelledby="descricao-titulo" className="flex max-w-3xl flex-col gap-3">
					<h2 id="descricao-titulo" className="text-2xl font-bold">
						Descrição
					</h2>
					<DescriptionHtml
						className="product-description flex flex-col gap-3 text-muted-foreground [&_a]:text-primary [&_a]:underline [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-foreground [&_h3]:font-semibold [&_h3]:text-foreground [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:pl-5"
						html={product.descriptionHtml}
					/>
				</section>
			) : null}

			<ProductReviewsSlot productId={product.id} productTitle={product.title} reviews={reviews} summary={reviewSummary} />
		</div>
	)
}

function Rating({ summary }: { summary: ReviewSummary }) {
	if (summary.count === 0 || summary.average === null) {
		return <p className="text-sm text-muted-foreground">Nenhuma avaliação ainda</p>
	}
	return (
		<p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="avaliacao-resumo">
			<StarRating value={summary.average} />
			<span>
				{formatRatingAverage(summary.average)} ({reviewCountLabel(summary.count)})
			</span>
		</p>
	)
}

function Breadcrumb({ title }: { title: string }) {
	return (
		<nav aria-label="Trilha de navegação">
			<ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
				<li>
					<Link to="/" className="hover:text-foreground hover:underline">
						Início
					</Link>
				</li>
				<li aria-hidden="true">
					<ChevronRightIcon className="size-4" />
				</li>
				<li className="min-w-0 truncate font-medium text-foreground" aria-current="page">
					{title}
				</li>
			</ol>
		</nav>
	)
}

/** 'Voltar': back in the shop's history when there is some, else home (a link opened directly). */
function BackButton() {
	const location = useLocation()
	const navigate = useNavigate()
	return (
		<Button asChild variant="ghost" size="sm" className="-ml-2 w-fit">
			<Link
				to="/"
				onClick={(event) => {
					if (location.key === 'default') return
					event.preventDefault()
					void navigate(-1)
				}}
			>
				<ArrowLeftIcon aria-hidden="true" />
				Voltar
			</Link>
		</Button>
	)
}
