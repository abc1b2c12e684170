import { LockIcon } from '~/components/icons/lucide'
import { Logo } from './logo'
import type { ShellSettings } from './use-root-data'

/**
 * The checkout's header (issue 13): the logo back to the shop and 'Compra segura', nothing
 * else — no banner, menu, search or chat to pull a paying shopper away, as the best shops do.
 */
export function CheckoutHeader({ settings }: { settings: Pick<ShellSettings, 'storeName' | 'logoUrl'> }) {
	return (
		<header className="border-b bg-background">
			<div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
				<Logo storeName={settings.storeName} logoUrl={settings.logoUrl} />
				<p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
					<LockIcon className="size-4" aria-hidden="true" />
					Compra segura
				</p>
			</div>
		</header>
	)
}
