import { ArrowLeftIcon, ChevronRightIcon, LogOutIcon, type LucideIcon } from '~/components/icons/lucide'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { ThemeToggle } from '~/components/shop/theme'
import { Separator } from '~/components/ui/separator'
import {
	Sidebar,
	SidebarContent,
	SidebarFooter,
	SidebarGroup,
	SidebarGroupLabel,
	SidebarHeader,
	SidebarInset,
	SidebarMenu,
	SidebarMenuButton,
	SidebarMenuItem,
	SidebarProvider,
	SidebarTrigger,
	useSidebar,
} from '~/components/ui/sidebar'

/** One sidebar entry. `end` makes the link active only on its exact path (e.g. /admin, not /admin/users). */
/** `group`: the sidebar section the item is listed under; items without one go under the area's title. */
export type AreaNavItem = { label: string; to: string; icon: LucideIcon; end?: boolean; group?: string }

/** Consecutive items of one group, in order: [[title, items], [group, items]…]. */
function groupNav(title: string, nav: readonly AreaNavItem[]): [string, AreaNavItem[]][] {
	const groups: [string, AreaNavItem[]][] = []
	for (const item of nav) {
		const label = item.group ?? title
		const last = groups.at(-1)
		if (last && last[0] === label) last[1].push(item)
		else groups.push([label, [item]])
	}
	return groups
}

/** Whether `pathname` is the item's page or one under it (an `end` item: its exact path only). */
export function isCurrentItem(item: Pick<AreaNavItem, 'to' | 'end'>, pathname: string): boolean {
	const path = pathname.replace(/\/+$/, '') || '/'
	return path === item.to || (!item.end && path.startsWith(`${item.to}/`))
}

/**
 * The frame shared by the customer area (/user) and the back-office (/admin): a collapsible
 * sidebar with the area's links, 'Voltar ao Site' and 'Sair', and a top bar with the toggle.
 */
export function AreaFrame({
	title,
	nav,
	storeName,
	sidebarOpen,
	children,
}: {
	/** Sidebar heading and navigation name, e.g. 'Menu Admin'. */
	title: string
	nav: readonly AreaNavItem[]
	storeName: string
	/** From the `sidebar_state` cookie, read by the layout's loader. */
	sidebarOpen: boolean
	children: React.ReactNode
}) {
	return (
		<SidebarProvider defaultOpen={sidebarOpen}>
			<Sidebar label={title}>
				<AreaSidebarBody title={title} nav={nav} storeName={storeName} />
			</Sidebar>
			<SidebarInset>
				<header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
					<SidebarTrigger />
					<Separator orientation="vertical" className="h-5! self-center" />
					<Link
						to="/"
						className="rounded-md px-1 font-extrabold text-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
					>
						{storeName}
					</Link>
					<ThemeToggle className="ml-auto" />
				</header>
				{children}
			</SidebarInset>
		</SidebarProvider>
	)
}

function AreaSidebarBody({ title, nav, storeName }: { title: string; nav: readonly AreaNavItem[]; storeName: string }) {
	const { setOpenMobile } = useSidebar()
	const { pathname } = useLocation()
	const closeMobile = () => setOpenMobile(false)
	return (
		<>
			<SidebarHeader className="h-14 justify-center border-b border-sidebar-border">
				<p className="truncate px-2 font-extrabold text-primary group-data-[collapsible=icon]:sr-only">{storeName}</p>
			</SidebarHeader>
			<SidebarContent className="group-data-[collapsible=icon]:overflow-y-auto group-data-[collapsible=icon]:overflow-x-hidden">
				{groupNav(title, nav).map(([label, items], index) =>
					// The area's own first group (no `group`) is always shown; the named groups fold (issue 30).
					index === 0 && items.every((item) => item.group === undefined) ? (
						<SidebarGroup key={label}>
							<SidebarGroupLabel>{label}</SidebarGroupLabel>
							<NavItems items={items} onNavigate={closeMobile} />
						</SidebarGroup>
					) : (
						<FoldingGroup key={label} label={label} items={items} pathname={pathname} onNavigate={closeMobile} />
					),
				)}
			</SidebarContent>
			<SidebarFooter className="border-t border-sidebar-border">
				<SidebarMenu>
					<SidebarMenuItem>
						<SidebarMenuButton asChild>
							<Link to="/" onClick={closeMobile} title="Voltar ao Site">
								<ArrowLeftIcon aria-hidden="true" />
								<span>Voltar ao Site</span>
							</Link>
						</SidebarMenuButton>
					</SidebarMenuItem>
					<SidebarMenuItem>
						{/* origem=area: signing out from an area goes to /auth (document 001 §4). */}
						<Form method="post" action="/logout">
							<input type="hidden" name="origem" value="area" />
							<SidebarMenuButton type="submit" title="Sair">
								<LogOutIcon aria-hidden="true" />
								<span>Sair</span>
							</SidebarMenuButton>
						</Form>
					</SidebarMenuItem>
				</SidebarMenu>
			</SidebarFooter>
		</>
	)
}

function NavItems({ items, onNavigate }: { items: readonly AreaNavItem[]; onNavigate: () => void }) {
	return (
		<SidebarMenu>
			{items.map((item) => (
				<SidebarMenuItem key={item.to}>
					<SidebarMenuButton asChild>
						<NavLink to={item.to} end={item.end} onClick={onNavigate} title={item.label}>
							<item.icon aria-hidden="true" />
							<span>{item.label}</span>
						</NavLink>
					</SidebarMenuButton>
				</SidebarMenuItem>
			))}
		</SidebarMenu>
	)
}

/**
 * A named group of the sidebar (issue 30, decision 104): a disclosure (native <details>, so it
 * works before the JavaScript loads) open on the current page's group, so that every section's
 * name fits at 1280×800 without scrolling the sidebar. In icon mode (desktop, collapsed) the
 * icons are listed flat instead, as a folded group has no visible title to open it by.
 */
function FoldingGroup({
	label,
	items,
	pathname,
	onNavigate,
}: {
	label: string
	items: readonly AreaNavItem[]
	pathname: string
	onNavigate: () => void
}) {
	const current = items.some((item) => isCurrentItem(item, pathname))
	return (
		<SidebarGroup className="py-0.5" data-testid="grupo-menu">
			<details open={current} className="group/fold group-data-[collapsible=icon]:hidden">
				<summary
					className="flex h-8 cursor-pointer list-none items-center gap-2 rounded-md px-2 text-sidebar-foreground/80 outline-none hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-ring [&::-webkit-details-marker]:hidden"
				>
					<ChevronRightIcon aria-hidden="true" className="size-4 shrink-0 transition-transform group-open/fold:rotate-90" />
					<h2 className="text-xs font-semibold tracking-wide">{label}</h2>
				</summary>
				<div className="pt-1 pl-2">
					<NavItems items={items} onNavigate={onNavigate} />
				</div>
			</details>
			<div className="hidden group-data-[collapsible=icon]:block">
				<SidebarGroupLabel>{label}</SidebarGroupLabel>
				<NavItems items={items} onNavigate={onNavigate} />
			</div>
		</SidebarGroup>
	)
}
