import type { ShellSettings } from './use-root-data'

/**
 * 'Baixe o app' badges in the footer (issue 13), each only when the owner set its link in the
 * settings: a shop without apps shows none. Drawn as text badges (no store artwork to license
 * or download), with the store names the platforms ask to be written as.
 */
export function AppBadges({ settings }: { settings: Pick<ShellSettings, 'appStoreUrl' | 'playStoreUrl'> }) {
	const badges = [
		settings.appStoreUrl ? { href: settings.appStoreUrl, small: 'Baixe na', store: 'App Store' } : null,
		settings.playStoreUrl ? { href: settings.playStoreUrl, small: 'Disponível no', store: 'Google Play' } : null,
	].filter((badge) => badge !== null)
	if (badges.length === 0) return null
	return (
		<ul className="flex flex-wrap justify-center gap-3" aria-label="Aplicativos da loja" data-testid="app-badges">
			{badges.map((badge) => (
				<li key={badge.store}>
					<a
						href={badge.href}
						target="_blank"
						rel="noopener noreferrer"
						className="flex flex-col rounded-lg bg-foreground px-3 py-1.5 text-left leading-tight text-background focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
					>
						<span className="text-[0.65rem]">{badge.small}</span>
						<span className="text-sm font-semibold">{badge.store}</span>
					</a>
				</li>
			))}
		</ul>
	)
}
