import { useState } from 'react'
import { useLocation } from 'react-router'
import { CartDrawer } from '~/components/cart/cart-drawer'
import { ChatLauncher } from './chat-launcher'
import { FALLBACK_SETTINGS } from './fallback-settings'
import { MobileDrawer } from './mobile-drawer'
import { NavigationProgress, PendingPage, usePendingRouteId } from './navigation-pending'
import { SearchPanelSlot } from './search-panel-slot'
import { ShopUiProvider } from './shop-ui'
import { SiteFooterSlot } from './site-footer-slot'
import { SiteHeader } from './site-header'
import { useRootData, useVisitor } from './use-root-data'
import { SkipToContent } from '~/components/shop/skip-to-content'
import { loadOnce } from '~/utils/load-once'

/** The category's and the product's skeletons, loaded when a navigation starts (decision 148). */
const storefrontSkeletons = loadOnce(() => import('./page-skeletons').then((module) => module.STOREFRONT_PENDING_SKELETONS))

/**
 * Pages where the floating assistant button is not shown: on a phone it covered the PIX 'copia e
 * cola' code (issue 13, defect 7). A shopper paying needs the code, not the chat. The checkout has
 * a shell of its own without it (checkout-shell.tsx).
 */
export function showsChatLauncher(pathname: string): boolean {
	return !pathname.startsWith('/pedido/')
}

/**
 * The storefront chrome around every shop page: skip link, header (with banner and drawer),
 * the page, footer and the floating assistant button. Pages render their own <main>.
 * While a slow navigation loads, a bar shows at the top, and a category or product page
 * being opened shows its skeleton in place of the page being left.
 */
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
			<SkipToContent />
			<div className="flex min-h-dvh flex-col">
				<SiteHeader
					user={user}
					settings={settings}
					cartCount={visitor?.cartCount ?? 0}
					favoritesCount={visitor?.favoritesCount ?? 0}
					onOpenMenu={() => setMenuOpen(true)}
				/>
				<SearchPanelSlot />
				<MobileDrawer open={menuOpen} onOpenChange={setMenuOpen} user={user} storeName={settings.storeName} />
				<CartDrawer />
				<div id="conteudo" tabIndex={-1} className="flex-1 outline-none" aria-busy={loadingPage || undefined}>
					<PendingPage skeletons={storefrontSkeletons}>{children}</PendingPage>
				</div>
				<SiteFooterSlot settings={settings} />
			</div>
			{showsChatLauncher(pathname) ? <ChatLauncher whatsappNumber={settings.whatsappNumber} /> : null}
		</ShopUiProvider>
	)
}
