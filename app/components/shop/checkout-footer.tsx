import { Link } from 'react-router'
import { POLICY_LINKS } from './policy-links'
import type { ShellSettings } from './use-root-data'

/**
 * The checkout's footer (issue 31), the pair of checkout-header.tsx: the shop's full footer
 * (categories, services, app badges) offered ~40 ways out of a page where the shopper is paying.
 * What stays is what a buyer may need before paying: the policies (in a new tab, so nothing typed
 * is lost), the contact e-mail, and who sells (the Decreto 7.962/2013 line: name, CNPJ, address).
 */
export function CheckoutFooter({
	settings,
}: {
	settings: Pick<ShellSettings, 'storeName' | 'contactEmail' | 'legalName' | 'cnpj' | 'businessAddress'>
}) {
	const seller = [settings.legalName, settings.cnpj ? `CNPJ ${settings.cnpj}` : null, settings.businessAddress].filter(Boolean).join(' · ')
	return (
		<footer className="mt-8 border-t" data-testid="rodape-checkout">
			<div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-6 text-center text-xs text-muted-foreground">
				<nav aria-label="Políticas da loja">
					<ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
						{POLICY_LINKS.map((item) => (
							<li key={item.to}>
								<Link to={item.to} target="_blank" className="underline underline-offset-2 hover:text-foreground">
									{item.label}
								</Link>
							</li>
						))}
						<li>
							<a href={`mailto:${settings.contactEmail}`} className="underline underline-offset-2 hover:text-foreground">
								{settings.contactEmail}
							</a>
						</li>
					</ul>
				</nav>
				<p>
					© {new Date().getFullYear()} {settings.storeName}
					{seller ? ` · ${seller}` : ''}
				</p>
			</div>
		</footer>
	)
}
