import { formatMoney } from '~/utils/format'
import type { SummaryLine } from '~/utils/order-summary-line'
import { thumbnailUrl } from '~/utils/responsive-image'

/**
 * Lines and totals of a cart at checkout or of a placed order (the back-office may reuse it).
 * Gift lines show 'Brinde' / 'GRÁTIS', subscription lines 'Assinatura' / '12 meses • Frete grátis'
 * as in the cart drawer (document 000 §2).
 */

export type SummaryTotals = {
	subtotalCents: number
	shippingCents: number
	discountCents: number
	/** Issue 13: the store's PIX discount, when the order is (or would be) paid by PIX. */
	pixDiscountCents?: number
	totalCents: number
	couponCode?: string | null
}

export function OrderSummaryLines({ lines }: { lines: SummaryLine[] }) {
	return (
		<ul className="flex flex-col gap-3" aria-label="Itens do pedido">
			{lines.map((line) => (
				<li
					key={line.id}
					// Issue 31: an add-on sits under its product, indented, as in the cart drawer.
					className={line.isAddon ? 'ml-6 flex gap-3 border-l-2 border-muted pl-3' : 'flex gap-3'}
					data-testid="summary-line"
					data-addon={line.isAddon || undefined}
				>
					{line.imageUrl ? (
						<img src={thumbnailUrl(line.imageUrl, 56)} alt="" width={56} height={56} className="size-14 shrink-0 rounded-md object-cover" />
					) : (
						<div className="size-14 shrink-0 rounded-md bg-muted" aria-hidden="true" />
					)}
					<div className="min-w-0 flex-1 text-sm">
						<p className="font-medium">
							{line.title}
							{line.isGift ? <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">Brinde</span> : null}
							{line.isSubscription ? (
								<span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">Assinatura</span>
							) : null}
						</p>
						{line.options ? <p className="text-muted-foreground">{line.options}</p> : null}
						{line.details ? <p className="text-muted-foreground">{line.details}</p> : null}
						{line.isSubscription ? <p className="text-muted-foreground">12 meses • Frete grátis</p> : null}
						{line.unavailable ? <p className="text-destructive">Indisponível</p> : null}
						<p className="text-muted-foreground">Quantidade: {line.quantity}</p>
					</div>
					<p className="shrink-0 text-sm font-medium">{line.isGift ? 'GRÁTIS' : formatMoney(line.totalCents)}</p>
				</li>
			))}
		</ul>
	)
}

export function OrderTotals({ totals }: { totals: SummaryTotals }) {
	return (
		<dl className="flex flex-col gap-1.5 text-sm" aria-label="Totais do pedido">
			<div className="flex justify-between">
				<dt>Subtotal</dt>
				<dd data-testid="summary-subtotal">{formatMoney(totals.subtotalCents)}</dd>
			</div>
			<div className="flex justify-between">
				<dt>Frete</dt>
				<dd data-testid="summary-shipping">{totals.shippingCents === 0 ? 'Grátis' : formatMoney(totals.shippingCents)}</dd>
			</div>
			{totals.discountCents > 0 ? (
				<div className="flex justify-between text-green-700 dark:text-green-400">
					<dt>Desconto{totals.couponCode ? ` (cupom ${totals.couponCode})` : ''}</dt>
					<dd data-testid="summary-discount">− {formatMoney(totals.discountCents)}</dd>
				</div>
			) : null}
			{totals.pixDiscountCents ? (
				<div className="flex justify-between text-green-700 dark:text-green-400">
					<dt>Desconto no PIX</dt>
					<dd data-testid="summary-pix-discount">− {formatMoney(totals.pixDiscountCents)}</dd>
				</div>
			) : null}
			<div className="mt-1 flex justify-between border-t pt-2 text-base font-semibold">
				<dt>Total</dt>
				<dd data-testid="summary-total">{formatMoney(totals.totalCents)}</dd>
			</div>
		</dl>
	)
}
