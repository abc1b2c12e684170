import { useState } from 'react'
import { useLocation } from 'react-router'
import { CartDrawer } from '~/components/cart/cart-drawer'
import { ChatLauncher } from './chat-launcher'
import { CheckoutFooter } from './checkout-footer'
import { CheckoutHeader } from './checkout-header'
import { MobileDrawer } from './mobile-drawer'
import { NavigationProgress, PendingPage, usePendingRouteId } from './navigation-pending'
import { STOREFRONT_PENDING_SKELETONS } from './page-skeletons'
import { SearchPanelSlot } from './search-panel-slot'
import { ShopUiProvider } from './shop-ui'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'
import { useRootData, useVisitor } from './use-root-data'

/** What the shell shows when the root loader failed (root error page): defaults, signed out. */
const FALLBACK_SETTINGS = {
	storeName: 'Pet Estilo',
	logoUrl: null,
	contactEmail: 'contato@petestilo.com.br',
	whatsappNumber: '5511999999999',
	city: 'São Paulo',
	instagramUrl: null,
	legalName: null,
	cnpj: null,
	businessAddress: null,
	pixDiscountPercent: 0,
	appStoreUrl: null,
	playStoreUrl: null,
	productionDays: 4,
	// The root failed: no quote is offered on an error page.
	shippingCalculator: false,
}

/**
 * The storefront chrome around every shop page: skip link, header (with banner and drawer),
 * the page, footer and the floating assistant button. Pages render their own <main>.
 * While a slow navigation loads, a bar shows at the top, and a category or product page
 * being opened shows its skeleton in place of the page being left.
 */
/**
 * Pages where the floating assistant button is not shown: on a phone it covered checkout
 * fields ('Rua') and the PIX 'copia e cola' code (issue 13, defect 7). A shopper paying
 * needs the form and the code, not the chat.
 */
export function showsChatLauncher(pathname: string): boolean {
	return !(isCheckout(pathname) || pathname.startsWith('/pedido/'))
}

/** The checkout gets a minimal header and footer (checkout-header.tsx, checkout-footer.tsx): no banner, menu or search. */
function isCheckout(pathname: string): boolean {
	return pathname === '/checkout' || pathname.startsWith('/checkout/')
}

export function ShopShell({ children }: { children: React.ReactNode }) {
	const rootData = useRootData()
	const { pathname } = useLocation()
	const [menuOpen, setMenuOpen] = useState(false)
	const visitor = useVisitor()
	const user = visitor?.user ?? null
	const settings = rootData?.settings ?? FALLBACK_SETTINGS
	const loadingPage = usePendingRouteId() !== null
	return (
		<ShopUiProvider>
			<NavigationProgress />
			<a
				href="#conteudo"
				className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
			>
				Pular para o conteúdo
			</a>
			<div className="flex min-h-dvh flex-col">
				{isCheckout(pathname) ? (
					<CheckoutHeader settings={settings} />
				) : (
					<>
						<SiteHeader
							user={user}
							settings={settings}
							cartCount={visitor?.cartCount ?? 0}
							favoritesCount={visitor?.favoritesCount ?? 0}
							onOpenMenu={() => setMenuOpen(true)}
						/>
						<SearchPanelSlot />
						<MobileDrawer open={menuOpen} onOpenChange={setMenuOpen} user={user} storeName={settings.storeName} />
					</>
				)}
				<CartDrawer />
				<div id="conteudo" tabIndex={-1} className="flex-1 outline-none" aria-busy={loadingPage || undefined}>
					<PendingPage skeletons={STOREFRONT_PENDING_SKELETONS}>{children}</PendingPage>
				</div>
				{/* The checkout keeps only the policies, the contact and who sells (issue 31). */}
				{isCheckout(pathname) ? <CheckoutFooter settings={settings} /> : <SiteFooter settings={settings} />}
			</div>
			{showsChatLauncher(pathname) ? <ChatLauncher whatsappNumber={settings.whatsappNumber} /> : null}
		</ShopUiProvider>
	)
}
