import { ShoppingCartIcon } from '~/components/icons/lucide'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { useCart } from '~/components/cart/use-cart'
import { Button } from '~/components/ui/button'
import type { AriaProductCard as Card } from '~/utils/aria-card'
import { formatMoney, noBreakPrice } from '~/utils/format'

/**
 * A product named by a reply (document 000 §2: image, title, price, 'Adicionar ao Carrinho'),
 * added through the server cart like any other add. A product with several sellable variants
 * offers them (the reply's suggested size chosen when it names one); subscriptions link to
 * their page instead (document 000 §4: not added from a card).
 */
export function AriaProductCard({ product, suggestedSize }: { product: Card; suggestedSize: string | null }) {
	const cart = useCart()
	const selectId = useId()
	const initial = product.variants.find((v) => suggestedSize && v.title.trim().toUpperCase() === suggestedSize) ?? product.variants[0]
	const [variantId, setVariantId] = useState(initial?.id ?? '')
	const href = `/produto/${product.handle}`
	return (
		<article className="flex gap-3 rounded-lg border bg-background p-2" aria-label={product.title}>
			{product.image ? (
				<img
					src={product.image.url}
					alt={product.image.alt}
					width={64}
					height={64}
					loading="lazy"
					className="size-16 shrink-0 rounded-md object-cover"
				/>
			) : (
				<div className="size-16 shrink-0 rounded-md bg-muted" aria-hidden="true" />
			)}
			<div className="flex min-w-0 flex-1 flex-col gap-1">
				<Link to={href} className="line-clamp-2 text-sm font-semibold hover:underline">
					{product.title}
				</Link>
				<p className="text-sm font-bold text-primary">
					{product.priceVaries ? <span className="text-xs font-medium text-muted-foreground">a partir de </span> : null}
					{noBreakPrice(formatMoney(product.priceCents))}
					{product.isSubscription ? <span className="text-xs font-medium text-muted-foreground">/mês</span> : null}
				</p>
				{product.isSubscription ? (
					<Button asChild size="sm" variant="outline" className="self-start">
						<Link to={href}>Ver assinatura</Link>
					</Button>
				) : (
					<div className="flex flex-wrap items-center gap-2">
						{product.variants.length > 1 ? (
							<>
								<label htmlFor={selectId} className="sr-only">{`Opção de ${product.title}`}</label>
								<select
									id={selectId}
									value={variantId}
									onChange={(event) => setVariantId(event.target.value)}
									className="h-8 rounded-md border border-input bg-background px-2 text-sm"
								>
									{product.variants.map((variant) => (
										<option key={variant.id} value={variant.id}>
											{variant.title}
										</option>
									))}
								</select>
							</>
						) : null}
						<Button
							type="button"
							size="sm"
							disabled={cart.busy || !variantId}
							onClick={() => cart.add([{ variantId, quantity: 1 }])}
							aria-label={`Adicionar ao Carrinho: ${product.title}`}
						>
							<ShoppingCartIcon aria-hidden="true" />
							Adicionar ao Carrinho
						</Button>
					</div>
				)}
			</div>
		</article>
	)
}
