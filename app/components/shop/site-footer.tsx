import { AppBadges } from './app-badges'
import { ChevronDownIcon, InstagramIcon, MailIcon, MapPinIcon, PhoneIcon } from '~/components/icons/lucide'
import { memo, useId, useState } from 'react'
import { cn } from '~/utils/cn'
import { Link } from 'react-router'
import { PaymentMethods } from './payment-methods'
import { POLICY_LINKS } from './policy-links'
import { FOOTER_CATEGORIES, FOOTER_SERVICES, formatBrazilianPhone, type NavLinkItem, whatsappUrl } from './navigation'
import type { ShellSettings } from './use-root-data'

const linkClasses =
	'rounded-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring'

function LinkList({ items }: { items: readonly NavLinkItem[] }) {
	return (
		<ul className="flex flex-col gap-2.5 text-sm">
			{items.map((item) => (
				<li key={item.to}>
					<Link to={item.to} className={linkClasses}>
						{item.label}
					</Link>
				</li>
			))}
		</ul>
	)
}

function ContactList({ settings }: { settings: ShellSettings }) {
	return (
		<ul className="flex flex-col gap-2.5 text-sm">
			<li>
				<a href={`mailto:${settings.contactEmail}`} className={`${linkClasses} inline-flex items-center gap-2`}>
					<MailIcon className="size-4 shrink-0" aria-hidden="true" />
					{settings.contactEmail}
				</a>
			</li>
			<li>
				<a
					href={whatsappUrl(settings.whatsappNumber)}
					target="_blank"
					rel="noreferrer noopener"
					className={`${linkClasses} inline-flex items-center gap-2`}
				>
					<PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
					{formatBrazilianPhone(settings.whatsappNumber)}
				</a>
			</li>
			<li className="inline-flex items-center gap-2 text-muted-foreground">
				<MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
				{settings.city}
			</li>
			{settings.instagramUrl ? (
				<li>
					<a
						href={settings.instagramUrl}
						target="_blank"
						rel="noreferrer noopener"
						className={`${linkClasses} inline-flex items-center gap-2`}
					>
						<InstagramIcon className="size-4 shrink-0" aria-hidden="true" />
						Instagram
					</a>
				</li>
			) : null}
		</ul>
	)
}

/**
 * One column of the footer, drawn once for every width (decision 089): on a phone a heading whose
 * button shows or hides the links (the disclosure pattern, each open on its own), on a desktop
 * the same heading as plain text over links always shown. The footer used to be in the HTML
 * twice (columns and accordion, CSS showing one): 60 elements of every page for nothing. A button
 * and a class-toggled region rather than Radix Accordion: the accordion with its collection and
 * presence helpers was about 5 KB gzipped of every first load (issue 14).
 */
function FooterSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
	const [open, setOpen] = useState(false)
	const contentId = useId()
	return (
		<section aria-labelledby={`rodape-${id}`} className="border-b last:border-b-0 md:border-b-0">
			<h2 id={`rodape-${id}`} className="flex md:mb-4 md:text-base md:font-bold">
				<button
					type="button"
					aria-expanded={open}
					aria-controls={contentId}
					onClick={() => setOpen((value) => !value)}
					className="flex flex-1 items-center justify-between gap-4 rounded-md py-4 text-left text-base font-bold transition-all outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring md:hidden [&[aria-expanded=true]>svg]:rotate-180"
				>
					{title}
					<ChevronDownIcon
						className="pointer-events-none size-4 shrink-0 translate-y-0.5 text-muted-foreground transition-transform duration-200"
						aria-hidden="true"
					/>
				</button>
				<span className="hidden md:inline">{title}</span>
			</h2>
			{/* A class, not the `hidden` attribute: preflight's [hidden] rule is !important and desktops show it. */}
			<div id={contentId} className={cn('pb-4 text-sm md:block md:pb-0', open ? 'block' : 'hidden')}>
				{children}
			</div>
		</section>
	)
}

/**
 * Footer (document 000 §2 'Home page'): Categorias, Serviços and Contato — columns on desktop,
 * an accordion on mobile — and the copyright line. One form in the HTML that CSS lays out either
 * way, so the server needs no idea of the screen size.
 *
 * Memoised: the shell re-renders when the visitor's data arrives after load (cart count, account),
 * and the footer's ~40 links depend on the store's settings only (decision 065).
 */
export const SiteFooter = memo(function SiteFooter({ settings }: { settings: ShellSettings }) {
	const columns = [
		{ id: 'categorias', title: 'Categorias', body: <LinkList items={FOOTER_CATEGORIES} /> },
		{ id: 'servicos', title: 'Serviços', body: <LinkList items={FOOTER_SERVICES} /> },
		{ id: 'contato', title: 'Contato', body: <ContactList settings={settings} /> },
	]
	const year = new Date().getFullYear()
	return (
		<footer className="mt-16 border-t bg-muted/60 pb-16 md:pb-0">
			<div className="mx-auto max-w-7xl px-4 py-10 lg:px-6">
				<div className="md:grid md:grid-cols-3 md:gap-10">
					{columns.map((column) => (
						<FooterSection key={column.id} id={column.id} title={column.title}>
							{column.body}
						</FooterSection>
					))}
				</div>
				<div className="mt-10 flex flex-col items-center gap-4 border-t pt-6 text-center text-sm text-muted-foreground">
					<nav aria-label="Políticas da loja">
						<ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
							{POLICY_LINKS.map((item) => (
								<li key={item.to}>
									<Link to={item.to} className={linkClasses}>
										{item.label}
									</Link>
								</li>
							))}
						</ul>
					</nav>
					<PaymentMethods />
					<AppBadges settings={settings} />
					<p>
						© {year} {settings.storeName}. Todos os direitos reservados.
					</p>
					{settings.legalName || settings.cnpj || settings.businessAddress ? (
						<p data-testid="dados-da-empresa">
							{[settings.legalName, settings.cnpj ? `CNPJ ${settings.cnpj}` : null, settings.businessAddress].filter(Boolean).join(' · ')}
						</p>
					) : null}
				</div>
			</div>
		</footer>
	)
})
