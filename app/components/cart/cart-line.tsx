import { GiftIcon, Loader2Icon, MinusIcon, PlusIcon, Trash2Icon } from '~/components/icons/lucide'
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { cn } from '~/utils/cn'
import { formatMoney } from '~/utils/format'
import type { CartViewLine } from './cart-view'
import { announceCartResult } from './cart-feedback'
import { thumbnailUrl } from '~/utils/responsive-image'

/** Each line has its own fetcher: changing one line does not cancel another's request. */
export function cartLineFetcherKey(lineId: string) {
	return `cart-line:${lineId}`
}

/**
 * One cart line (document 000 §2 'Cart drawer'): image, title, options joined by ' • ', price.
 * Normal lines: remove and minus/plus (minus at 1 removes, §5), shown optimistically while the
 * server answers. Gift lines: 'Brinde', 'GRÁTIS', a fixed quantity, nothing to edit.
 * Subscription lines: 'Assinatura' and '12 meses • Frete grátis', one plan (decision 6): a fixed
 * quantity and only remove. Add-on lines (issue 13, defect 3): under their product line, its
 * quantity, nothing to edit; they go when it goes.
 */
export function CartLine({ line }: { line: CartViewLine }) {
	const fetcher = useFetcher({ key: cartLineFetcherKey(line.id) })
	// An add-on line shows what its product line is becoming (same quantity, removed with it).
	const ownerFetcher = useFetcher({ key: cartLineFetcherKey(line.addonOf ?? line.id) })
	const isAddon = line.addonOf !== null
	const pending = (isAddon ? ownerFetcher : fetcher).formData
	const pendingIntent = pending?.get('intent')
	const pendingQuantity = pendingIntent === 'update' ? Number(pending?.get('quantity')) : null
	const quantity = pendingQuantity !== null && Number.isFinite(pendingQuantity) ? pendingQuantity : line.quantity
	const removing = pendingIntent === 'remove' || (pendingQuantity !== null && pendingQuantity <= 0)

	// Errors and a gift added by this change are announced like any other cart change.
	const lastData = useRef<unknown>(undefined)
	useEffect(() => {
		if (fetcher.state !== 'idle' || fetcher.data === lastData.current) return
		lastData.current = fetcher.data
		announceCartResult(fetcher.data)
	}, [fetcher.state, fetcher.data])

	function submit(fields: Record<string, string>) {
		void fetcher.submit(fields, { method: 'post', action: '/cart' })
	}

	// Wholesale lines stop at their minimum instead of removing (the trash button removes them).
	const atMinimum = line.minQuantity > 1 && quantity <= line.minQuantity
	const unitLabel = formatMoney(line.unitPriceCents)
	const busy = fetcher.state !== 'idle'
	if (removing) return null

	return (
		<li
			className={cn('flex gap-3 py-3', isAddon && 'border-l-2 border-muted pl-3')}
			data-testid="cart-line"
			data-gift={line.isGift || undefined}
			data-addon={isAddon || undefined}
		>
			<div className="size-20 shrink-0 overflow-hidden rounded-md border bg-muted">
				{line.image ? (
					<img
						src={thumbnailUrl(line.image.url, 80)}
						alt={line.image.altText}
						width={80}
						height={80}
						loading="lazy"
						className="size-full object-cover"
					/>
				) : null}
			</div>
			<div className="flex min-w-0 flex-1 flex-col gap-1">
				<div className="flex items-start justify-between gap-2">
					<p className="line-clamp-2 text-sm font-semibold">{line.productTitle}</p>
					{line.isGift || isAddon ? null : (
						<Button
							variant="ghost"
							size="icon"
							className="-mt-1 -mr-2 size-8 shrink-0"
							aria-label={`Remover ${line.productTitle}`}
							disabled={busy}
							onClick={() => submit({ intent: 'remove', lineId: line.id })}
						>
							<Trash2Icon aria-hidden="true" />
						</Button>
					)}
				</div>
				<div className="flex flex-wrap items-center gap-1.5">
					{line.isGift ? (
						<Badge>
							<GiftIcon aria-hidden="true" />
							Brinde
						</Badge>
					) : null}
					{line.isSubscription ? <Badge variant="secondary">Assinatura</Badge> : null}
					{line.unavailable ? <Badge variant="destructive">Indisponível</Badge> : null}
				</div>
				{line.optionsLabel ? <p className="text-xs text-muted-foreground">{line.optionsLabel}</p> : null}
				{line.attributes.map((a) => (
					<p key={a.key} className="text-xs text-muted-foreground">
						{a.key}: {a.value}
					</p>
				))}
				{line.isSubscription ? <p className="text-xs text-muted-foreground">12 meses • Frete grátis</p> : null}
				<div className="mt-1 flex items-center gap-3">
					{line.isGift || line.isSubscription || isAddon ? (
						<span className="text-sm text-muted-foreground" data-testid="cart-line-quantity">
							Qtd: {line.quantity}
						</span>
					) : (
						<div className="flex items-center gap-1" role="group" aria-label={`Quantidade de ${line.productTitle}`}>
							<Button
								variant="outline"
								size="icon"
								className="size-8"
								aria-label={
									quantity <= 1
										? `Remover ${line.productTitle}`
										: atMinimum
											? `Quantidade mínima: ${line.minQuantity} unidades`
											: 'Diminuir quantidade'
								}
								disabled={busy || atMinimum}
								onClick={() => submit({ intent: 'update', lineId: line.id, quantity: String(quantity - 1) })}
							>
								<MinusIcon aria-hidden="true" />
							</Button>
							<span className="w-8 text-center text-sm font-semibold tabular-nums" aria-live="polite" data-testid="cart-line-quantity">
								{quantity}
							</span>
							<Button
								variant="outline"
								size="icon"
								className="size-8"
								aria-label="Aumentar quantidade"
								disabled={busy || line.unavailable}
								onClick={() => submit({ intent: 'update', lineId: line.id, quantity: String(quantity + 1) })}
							>
								{busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <PlusIcon aria-hidden="true" />}
							</Button>
						</div>
					)}
					{/* Issue 31: the line's total next to its quantity; the unit price under it when more than one. */}
					<div className="flex flex-col items-end">
						<p className={line.isGift ? 'text-sm font-bold text-primary' : 'text-sm font-bold'} data-testid="cart-line-total">
							{line.isGift ? 'GRÁTIS' : formatMoney(quantity === line.quantity ? line.totalCents : line.unitPriceCents * quantity)}
						</p>
						{line.isGift ? null : (
							<p className={cn('text-xs text-muted-foreground', quantity <= 1 && 'sr-only')}>
								<span data-testid="cart-line-price">{unitLabel}</span> cada
							</p>
						)}
					</div>
				</div>
			</div>
		</li>
	)
}
