import { HeartIcon, MenuIcon, SearchIcon, ShoppingBagIcon } from '~/components/icons/lucide'
import { itemsLabel } from '~/commerce/rules/line-groups'
import { Link, NavLink } from 'react-router'
import { SEARCH_PANEL_ID, SITE_HEADER_ID } from '~/components/search/search-ids'
import { Button } from '~/components/ui/button'
import { AccountMenu } from './account-menu'
import { AnnouncementBar } from './announcement-bar'
import { Logo } from './logo'
import { MAIN_NAV, type NavLinkItem, scrollToSectionSoon } from './navigation'
import { useShopUi } from './shop-ui'
import { ThemeToggle } from './theme'
import type { ShellSettings, ShellUser } from './use-root-data'

/**
 * A nav entry: in-page sections ('/#produtos') are plain links, since they are not pages and
 * must not be announced as the current one; real pages get aria-current when open.
 */
export function ShopNavLink({ item, className, onClick }: { item: NavLinkItem; className: string; onClick: () => void }) {
	if (item.to.includes('#')) {
		return (
			<Link to={item.to} className={className} onClick={onClick}>
				{item.label}
			</Link>
		)
	}
	return (
		<NavLink to={item.to} className={className} onClick={onClick}>
			{item.label}
		</NavLink>
	)
}

/** A small count bubble on an icon button; the count is also in the button's accessible name. */
function CountBadge({ count }: { count: number }) {
	if (count <= 0) return null
	return (
		<span
			aria-hidden="true"
			className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-bold text-primary-foreground"
		>
			{count > 99 ? '99+' : count}
		</span>
	)
}

export type SiteHeaderProps = {
	user: ShellUser
	settings: ShellSettings
	cartCount: number
	favoritesCount: number
	onOpenMenu: () => void
	/** The search panel (a later issue); rendered under the header while search is open. */
	searchPanel?: React.ReactNode
}

/** The sticky shop header with the scrolling banner on top (document 000 §2 'Header'). */
export function SiteHeader({ user, settings, cartCount, favoritesCount, onOpenMenu, searchPanel }: SiteHeaderProps) {
	const { setCartOpen, searchOpen, setSearchOpen } = useShopUi()
	const cartLabel =
		cartCount > 0 ? `Carrinho (${itemsLabel(cartCount)})` : 'Carrinho'
	const favoritesLabel = favoritesCount > 0 ? `Favoritos (${favoritesCount})` : 'Favoritos'
	return (
		<header id={SITE_HEADER_ID} className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
			<AnnouncementBar settings={settings} />
			<div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-4 lg:px-6">
				<Button variant="ghost" size="icon" className="md:hidden" aria-label="Abrir menu" onClick={onOpenMenu}>
					<MenuIcon className="size-5" aria-hidden="true" />
				</Button>
				<Logo storeName={settings.storeName} logoUrl={settings.logoUrl} />

				<nav aria-label="Principal" className="mx-auto hidden md:block">
					<ul className="flex items-center gap-1 lg:gap-2">
						{MAIN_NAV.map((item) => (
							<li key={item.to}>
								<ShopNavLink
									item={item}
									onClick={() => scrollToSectionSoon(item.to)}
									className="rounded-md px-2.5 py-2 text-sm font-semibold text-foreground/90 transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring aria-[current=page]:text-primary lg:px-3"
								/>
							</li>
						))}
					</ul>
				</nav>

				<div className="ml-auto flex items-center gap-0.5 md:ml-0">
					<ThemeToggle />
					{/* Shown on phones too (the documents had it on desktop only): the panel opens full
					    width under the header at any size, and phones are where most shoppers are. */}
					<Button
						variant="ghost"
						size="icon"
						aria-label="Buscar produtos"
						aria-expanded={searchOpen}
						aria-controls={SEARCH_PANEL_ID}
						onClick={() => setSearchOpen(!searchOpen)}
					>
						<SearchIcon aria-hidden="true" />
					</Button>
					<Button asChild variant="ghost" size="icon" className="relative hidden md:inline-flex">
						{/* Spec README decision 8: the favourites icon opens the customer's favourites. */}
						<Link to="/user/favorites" aria-label={favoritesLabel} title="Favoritos">
							<HeartIcon aria-hidden="true" />
							<CountBadge count={favoritesCount} />
						</Link>
					</Button>
					<AccountMenu user={user} />
					<Button variant="ghost" size="icon" className="relative" aria-label={cartLabel} onClick={() => setCartOpen(true)}>
						<ShoppingBagIcon aria-hidden="true" />
						<CountBadge count={cartCount} />
					</Button>
				</div>
			</div>
			{searchOpen && searchPanel ? <div className="hidden md:block">{searchPanel}</div> : null}
		</header>
	)
}
