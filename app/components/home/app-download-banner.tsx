import { SmartphoneIcon } from '~/components/icons/lucide'

/*
 * document 000 §2: the app-download banner, desktop only (hidden below the 768 px mobile
 * breakpoint, §9), with iOS and Android store links. Issue 13: only the links the owner set in
 * the settings, and no banner at all without one — a badge leading to a store search for an
 * app that does not exist misleads.
 */
export function AppDownloadBanner({ appStoreUrl, playStoreUrl }: { appStoreUrl: string | null; playStoreUrl: string | null }) {
	if (!appStoreUrl && !playStoreUrl) return null
	return (
		<section aria-labelledby="app-title" className="mx-auto hidden w-full max-w-7xl px-4 py-8 md:block" data-testid="home-app-download">
			<div className="flex items-center justify-between gap-8 rounded-2xl border bg-card p-8 text-card-foreground shadow-sm">
				<div className="flex items-center gap-5">
					<span className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
						<SmartphoneIcon className="size-8" aria-hidden="true" />
					</span>
					<div className="space-y-1">
						<h2 id="app-title" className="text-2xl font-bold tracking-tight">
							Baixe nosso app
						</h2>
						<p className="text-muted-foreground">Acompanhe seus pedidos e receba novidades em primeira mão.</p>
					</div>
				</div>
				<div className="flex shrink-0 gap-3">
					{appStoreUrl ? (
						<a
							href={appStoreUrl}
							target="_blank"
							rel="noopener noreferrer"
							className="flex flex-col rounded-lg bg-foreground px-4 py-2 text-background transition-opacity hover:opacity-90 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
						>
							<span className="text-xs">Baixar na</span>
							<span className="text-base font-semibold">App Store</span>
							<span className="sr-only"> (iOS, abre em nova aba)</span>
						</a>
					) : null}
					{playStoreUrl ? (
						<a
							href={playStoreUrl}
							target="_blank"
							rel="noopener noreferrer"
							className="flex flex-col rounded-lg bg-foreground px-4 py-2 text-background transition-opacity hover:opacity-90 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
						>
							<span className="text-xs">Disponível no</span>
							<span className="text-base font-semibold">Google Play</span>
							<span className="sr-only"> (Android, abre em nova aba)</span>
						</a>
					) : null}
				</div>
			</div>
		</section>
	)
}
