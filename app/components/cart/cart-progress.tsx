import type { CartView } from './cart-view'
import { formatMoney } from '~/utils/format'

function Bar({ percent, label }: { percent: number; label: string }) {
	const value = Math.round(Math.min(100, Math.max(0, percent)))
	return (
		<div
			role="progressbar"
			aria-label={label}
			aria-valuemin={0}
			aria-valuemax={100}
			aria-valuenow={value}
			className="h-2 w-full overflow-hidden rounded-full bg-muted"
		>
			{/* Capped at 100% (document 000 §9). */}
			<div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${value}%` }} />
		</div>
	)
}

/**
 * The progress box above the lines (document 000 §9): free shipping on the non-gift subtotal,
 * then the gift message when the cart is not a subscription and something remains. One bar
 * (issue 31): the gift is a sentence under it, not a second bar measuring nearly the same.
 */
export function CartProgress({ cart }: { cart: Pick<CartView, 'freeShipping' | 'gift'> }) {
	const { freeShipping, gift } = cart
	return (
		<div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="cart-progress">
			<div className="flex flex-col gap-1.5">
				<p className="font-medium">
					{freeShipping.reached
						? '🎉 Você ganhou frete grátis!'
						: `Faltam ${formatMoney(freeShipping.remainingCents)} para frete grátis!`}
				</p>
				<Bar percent={freeShipping.percent} label="Progresso para frete grátis" />
			</div>
			{gift.show ? (
				<p className="font-medium">{`Faltam ${formatMoney(gift.remainingCents)} para ganhar um brinde!`}</p>
			) : null}
		</div>
	)
}
