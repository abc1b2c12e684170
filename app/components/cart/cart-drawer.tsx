import { Loader2Icon, ShoppingBagIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useFetcher, useFetchers, useLocation } from 'react-router'
import { useShopUi } from '~/components/shop/shop-ui'
import { useRootData } from '~/components/shop/use-root-data'
import { Button } from '~/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '~/components/ui/sheet'
import { formatMoney } from '~/utils/format'
import { announceCartResult } from './cart-feedback'
import { CartLine } from './cart-line'
import { CartProgress } from './cart-progress'
import { EMPTY_CART_VIEW, cartSubtitle } from './cart-view'

/**
 * The cart drawer (document 000 §2 'Cart drawer'). Its data is the root loader's `cart`
 * (app/server/shell.server.ts), which React Router reloads after every action, so the drawer
 * and the header badge always show the same server-computed cart. It opens by itself after a
 * successful add from any page (the shared 'cart' fetcher of useCart), shows the gift toast,
 * and stays consistent with other tabs through the cart's live channel (LiveUpdates, in the root).
 */
export function CartDrawer() {
	const { cartOpen, setCartOpen } = useShopUi()
	const cart = useRootData()?.cart ?? EMPTY_CART_VIEW
	const cartFetcher = useFetcher({ key: 'cart' })
	const location = useLocation()
	const busyLine = useFetchers().some((f) => f.key.startsWith('cart-line:') && f.state !== 'idle')
	const checkingOut = cartFetcher.state !== 'idle' && cartFetcher.formData?.get('intent') === 'checkout'
	const busy = cartFetcher.state !== 'idle' || busyLine

	// A finished request of the shared fetcher: add → open the drawer; gift → toast; error → toast.
	const lastData = useRef<unknown>(undefined)
	useEffect(() => {
		if (cartFetcher.state !== 'idle' || cartFetcher.data === undefined || cartFetcher.data === lastData.current) return
		lastData.current = cartFetcher.data
		const result = announceCartResult(cartFetcher.data)
		if (!result) return
		if (result.checkoutUrl && result.external) {
			// Only a hosted checkout opens in a new tab (decision 4).
			window.open(result.checkoutUrl, '_blank', 'noopener')
			setCartOpen(false)
			return
		}
		if (result.cart.lines.length > 0) setCartOpen(true)
	}, [cartFetcher.state, cartFetcher.data, setCartOpen])

	// Leaving the page (e.g. to /checkout) closes the drawer.
	const pathname = location.pathname
	const previousPath = useRef(pathname)
	useEffect(() => {
		if (previousPath.current === pathname) return
		previousPath.current = pathname
		setCartOpen(false)
	}, [pathname, setCartOpen])

	const isEmpty = cart.lines.length === 0
	const canCheckout = cart.lines.some((l) => !l.unavailable)

	return (
		<>
			<Sheet open={cartOpen} onOpenChange={setCartOpen}>
				<SheetContent side="right" className="w-full gap-0 sm:max-w-md" data-testid="cart-drawer">
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
							</div>
							<SheetFooter className="border-t">
								<div className="flex items-center justify-between text-base font-semibold">
									<span>Total</span>
									<span data-testid="cart-total">{formatMoney(cart.totalCents)}</span>
								</div>
							</SheetFooter>
						</>
					)}
					<div className="p-4 pt-0">
						<Button
							size="lg"
							className="w-full"
							disabled={!canCheckout || busy}
							onClick={() => void cartFetcher.submit({ intent: 'checkout' }, { method: 'post', action: '/cart' })}
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
		</>
	)
}
