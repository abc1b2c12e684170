import { lazy, Suspense, useEffect, useRef } from 'react'
import { useFetcher, useFetchers, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router'
import { useShopUi } from '~/components/shop/shop-ui'
import { useVisitor } from '~/components/shop/use-root-data'
import { useOpenedOnce, usePrefetchAfterFirstInput, useReturnFocus } from '~/components/ui/lazy-overlay'
import { announceCartResult } from './cart-feedback'
import { EMPTY_CART_VIEW, OPEN_CART_PARAM } from './cart-view'

const loadCartSheet = () => import('./cart-sheet')
const CartSheet = lazy(loadCartSheet)

/**
 * The cart drawer (document 000 §2 'Cart drawer'). Its data is the root loader's `cart`
 * (app/server/shell.server.ts), which React Router reloads after every action, so the drawer
 * and the header badge always show the same server-computed cart. It opens by itself after a
 * successful add from any page (the shared 'cart' fetcher of useCart), shows the gift toast,
 * and stays consistent with other tabs through the cart's live channel (LiveUpdates, in the root).
 * The panel itself (CartSheet) is loaded the first time it opens, or when the page is idle.
 */
export function CartDrawer() {
	const { cartOpen, setCartOpen } = useShopUi()
	const cart = useVisitor()?.cart ?? EMPTY_CART_VIEW
	const cartFetcher = useFetcher({ key: 'cart' })
	const location = useLocation()
	const navigate = useNavigate()
	const busyLine = useFetchers().some((f) => f.key.startsWith('cart-line:') && f.state !== 'idle')
	const toCheckout = useNavigation().location?.pathname === '/checkout'
	const checkingOut = (cartFetcher.state !== 'idle' && cartFetcher.formData?.get('intent') === 'checkout') || toCheckout
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
		if (result.checkoutUrl) {
			// Our checkout, same tab ('Comprar Agora', 'Assinar', 'Finalizar Compra').
			void navigate(result.checkoutUrl)
			return
		}
		if (result.cart.lines.length > 0) setCartOpen(true)
	}, [cartFetcher.state, cartFetcher.data, setCartOpen, navigate])

	// Decision 121: the reminder e-mail's link lands on '/?carrinho=abrir' with the cart restored:
	// the drawer opens on it, and the parameter leaves the address (a reload does not reopen it).
	const [searchParams, setSearchParams] = useSearchParams()
	const openRequested = searchParams.get(OPEN_CART_PARAM) === 'abrir'
	useEffect(() => {
		if (!openRequested) return
		setCartOpen(true)
		setSearchParams(
			(current) => {
				const next = new URLSearchParams(current)
				next.delete(OPEN_CART_PARAM)
				return next
			},
			{ replace: true, preventScrollReset: true },
		)
	}, [openRequested, setCartOpen, setSearchParams])

	// Leaving the page (e.g. to /checkout) closes the drawer.
	const pathname = location.pathname
	const previousPath = useRef(pathname)
	useEffect(() => {
		if (previousPath.current === pathname) return
		previousPath.current = pathname
		setCartOpen(false)
	}, [pathname, setCartOpen])

	const opened = useOpenedOnce(cartOpen)
	usePrefetchAfterFirstInput(loadCartSheet)
	const onCloseAutoFocus = useReturnFocus(cartOpen)

	if (!opened) return null
	return (
		<Suspense fallback={null}>
			<CartSheet
				open={cartOpen}
				onOpenChange={setCartOpen}
				cart={cart}
				busy={busy}
				checkingOut={checkingOut}
				onCheckout={() => void cartFetcher.submit({ intent: 'checkout' }, { method: 'post', action: '/cart' })}
				onCloseAutoFocus={onCloseAutoFocus}
			/>
		</Suspense>
	)
}
