import { Loader2Icon, ShoppingBagIcon } from '~/components/icons/lucide'
import { Button } from '~/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '~/components/ui/sheet'
import { ShippingCalculator } from '~/components/shipping/shipping-calculator'
import { usePixDiscountPercent, useRootData } from '~/components/shop/use-root-data'
import { formatMoney } from '~/utils/format'
import { pixOfferLabel } from '~/utils/installments'
import { CartLine } from './cart-line'
import { CartProgress } from './cart-progress'
import { type CartView, cartSubtitle } from './cart-view'

type CartSheetProps = {
	open: boolean
	onOpenChange: (open: boolean) => void
	cart: CartView
	/** A cart request is running: checkout waits. */
	busy: boolean
	checkingOut: boolean
	onCheckout: () => void
	onCloseAutoFocus: (event: Event) => void
}

/**
 * The cart drawer's panel (document 000 §2 'Cart drawer'): loaded the first time the drawer
 * opens (or when the page is idle); CartDrawer keeps the state and the fetcher logic.
 */
export default function CartSheet({ open, onOpenChange, cart, busy, checkingOut, onCheckout, onCloseAutoFocus }: CartSheetProps) {
	const pixDiscountPercent = usePixDiscountPercent()
	const isEmpty = cart.lines.length === 0
	const canCheckout = cart.lines.some((l) => !l.unavailable)
	const shippingCalculator = useRootData()?.settings.shippingCalculator ?? false

	return (
		<Sheet open={open} onOpenChange={onOpenChange}>
			<SheetContent side="right" className="w-full gap-0 sm:max-w-md" data-testid="cart-drawer" onCloseAutoFocus={onCloseAutoFocus}>
				<SheetHeader className="border-b pr-12">
					<SheetTitle className="text-lg">Carrinho de Compras</SheetTitle>
					<SheetDescription>{cartSubtitle(cart)}</SheetDescription>
				</SheetHeader>

				{isEmpty ? (
					<div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
						<ShoppingBagIcon className="size-12" aria-hidden="true" />
						<p>Seu carrinho está vazio</p>
					</div>
				) : (
					<>
						<div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-4">
							<CartProgress cart={cart} />
							<ul className="divide-y" aria-label="Itens do carrinho">
								{cart.lines.map((line) => (
									<CartLine key={line.id} line={line} />
								))}
							</ul>
							{shippingCalculator && canCheckout ? (
								<ShippingCalculator
									compact
									// Quoted again when the lines change (a quantity, a removal, the gift).
									target={{ intent: 'carrinho', version: cart.lines.map((l) => `${l.id}:${l.quantity}:${l.unavailable ? 0 : 1}`).join(',') }}
								/>
							) : null}
						</div>
						<SheetFooter className="border-t">
							<div className="flex items-center justify-between text-base font-semibold">
								<span>Total</span>
								<span data-testid="cart-total">{formatMoney(cart.totalCents)}</span>
							</div>
							{pixDiscountPercent > 0 ? (
								<p className="text-right text-sm text-green-700 dark:text-green-400" data-testid="cart-pix-total">
									{pixOfferLabel(cart.totalCents, pixDiscountPercent)}
								</p>
							) : null}
						</SheetFooter>
					</>
				)}
				<div className="p-4 pt-0">
					<Button
						size="lg"
						className="w-full"
						disabled={!canCheckout || busy}
						onClick={onCheckout}
					>
						{checkingOut ? (
							<>
								<Loader2Icon className="animate-spin" aria-hidden="true" />
								Criando Checkout...
							</>
						) : (
							'Finalizar Compra'
						)}
					</Button>
				</div>
			</SheetContent>
		</Sheet>
	)
}
