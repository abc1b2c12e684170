import { CheckoutFooter } from './checkout-footer'
import { CheckoutHeader } from './checkout-header'
import { FALLBACK_SETTINGS } from './fallback-settings'
import { NavigationProgress } from './navigation-pending'
import { useRootData } from './use-root-data'
import { SkipToContent } from '~/components/shop/skip-to-content'

/**
 * The checkout's chrome (issue 34): the skip link, its own header and footer, the navigation bar.
 * The checkout draws none of the storefront's header, search, menus, cart drawer, footer or
 * assistant button (issues 13 and 31), so it has a layout route of its own
 * (routes/storefront/checkout-layout.tsx) and its first load no longer carries their code.
 */
export function CheckoutShell({ children }: { children: React.ReactNode }) {
	const settings = useRootData()?.settings ?? FALLBACK_SETTINGS
	return (
		<>
			<NavigationProgress />
			<SkipToContent />
			<div className="flex min-h-dvh flex-col">
				<CheckoutHeader settings={settings} />
				<div id="conteudo" tabIndex={-1} className="flex-1 outline-none">
					{children}
				</div>
				{/* Only the policies, the contact and who sells (issue 31). */}
				<CheckoutFooter settings={settings} />
			</div>
		</>
	)
}
