import { ArrowLeftIcon, LogOutIcon, type LucideIcon } from 'lucide-react'
import { Form, Link, NavLink } from 'react-router'
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
	const closeMobile = () => setOpenMobile(false)
	return (
		<>
			<SidebarHeader className="h-14 justify-center border-b border-sidebar-border">
				<p className="truncate px-2 font-extrabold text-primary group-data-[collapsible=icon]:sr-only">{storeName}</p>
			</SidebarHeader>
			<SidebarContent>
				{groupNav(title, nav).map(([label, items]) => (
					<SidebarGroup key={label}>
						<SidebarGroupLabel>{label}</SidebarGroupLabel>
						<SidebarMenu>
							{items.map((item) => (
								<SidebarMenuItem key={item.to}>
									<SidebarMenuButton asChild>
										<NavLink to={item.to} end={item.end} onClick={closeMobile} title={item.label}>
											<item.icon aria-hidden="true" />
											<span>{item.label}</span>
										</NavLink>
									</SidebarMenuButton>
								</SidebarMenuItem>
							))}
						</SidebarMenu>
					</SidebarGroup>
				))}
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
