import { HeartIcon, LayoutDashboardIcon, LogOutIcon, SearchIcon, UserIcon } from '~/components/icons/lucide'
import { Form, Link, useNavigate } from 'react-router'
import { Input } from '~/components/ui/input'
import { Button } from '~/components/ui/button'
import { Separator } from '~/components/ui/separator'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet'
import { cn } from '~/utils/cn'
import { dashboardPath } from './account-menu'
import { FOOTER_CATEGORIES, MAIN_NAV, scrollToSectionSoon } from './navigation'
import { ShopNavLink } from './site-header'
import { ThemeToggle } from './theme'
import type { ShellUser } from './use-root-data'

const rowClasses =
	'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-base font-semibold outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring'

export type MobileDrawerProps = {
	open: boolean
	onOpenChange: (open: boolean) => void
	user: ShellUser
	storeName: string
}

/**
 * The left drawer opened by the header's menu button: the nav again, a theme toggle and the
 * account links. Loaded by MobileDrawer the first time it opens, or when the page is idle.
 */
export default function MobileDrawerSheet({
	open,
	onOpenChange,
	user,
	storeName,
	onCloseAutoFocus,
}: MobileDrawerProps & { onCloseAutoFocus: (event: Event) => void }) {
	const close = () => onOpenChange(false)
	const navigate = useNavigate()
	return (
		<Sheet open={open} onOpenChange={onOpenChange}>
			<SheetContent side="left" className="w-[18rem] gap-0 overflow-y-auto" onCloseAutoFocus={onCloseAutoFocus}>
				<SheetHeader className="border-b">
					<SheetTitle>Menu</SheetTitle>
					<SheetDescription className="sr-only">Navegação da loja {storeName}</SheetDescription>
				</SheetHeader>
				{/* Issue 13: search from the drawer too; Enter opens the results page. */}
				<form
					role="search"
					action="/busca"
					method="get"
					className="flex gap-2 border-b p-3"
					onSubmit={(event) => {
						event.preventDefault()
						const query = new FormData(event.currentTarget).get('q')?.toString().trim() ?? ''
						if (query.length < 2) return
						close()
						void navigate(`/busca?${new URLSearchParams({ q: query })}`)
					}}
				>
					<label htmlFor="menu-busca" className="sr-only">
						Buscar no menu
					</label>
					<Input id="menu-busca" type="search" name="q" placeholder="Buscar produtos..." maxLength={100} enterKeyHint="search" />
					<Button type="submit" size="icon" variant="outline" aria-label="Buscar">
						<SearchIcon aria-hidden="true" />
					</Button>
				</form>
				<nav aria-label="Menu da loja" className="p-2">
					<ul className="flex flex-col gap-0.5">
						{MAIN_NAV.map((item) => (
							<li key={item.to}>
								<ShopNavLink
									item={item}
									className={cn(rowClasses, 'aria-[current=page]:text-primary')}
									onClick={() => {
										close()
										scrollToSectionSoon(item.to)
									}}
								/>
							</li>
						))}
					</ul>
				</nav>
				<Separator />
				<nav aria-labelledby="menu-categorias" className="p-2">
					<p id="menu-categorias" className="px-3 pt-1 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
						Categorias
					</p>
					<ul className="flex flex-col gap-0.5">
						{FOOTER_CATEGORIES.map((item) => (
							<li key={item.to}>
								<Link to={item.to} prefetch="intent" className={cn(rowClasses, 'py-2 text-sm font-medium')} onClick={close}>
									{item.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<Separator />
				<div className="p-2">
					<ThemeToggle withLabel />
				</div>
				<Separator />
				<div className="flex flex-col gap-0.5 p-2">
					{user ? (
						<>
							<Link to={dashboardPath(user)} className={rowClasses} onClick={close}>
								<LayoutDashboardIcon className="size-4" aria-hidden="true" />
								Dashboard
							</Link>
							{/* The header's heart is hidden on phones; decision 8's page is reached from here. */}
							<Link to="/user/favorites" className={rowClasses} onClick={close}>
								<HeartIcon className="size-4" aria-hidden="true" />
								Meus Favoritos
							</Link>
							<Form method="post" action="/logout" onSubmit={close}>
								<Button type="submit" variant="ghost" className={cn(rowClasses, 'h-auto justify-start')}>
									<LogOutIcon aria-hidden="true" />
									Sair
								</Button>
							</Form>
						</>
					) : (
						<Link to="/auth" className={rowClasses} onClick={close}>
							<UserIcon className="size-4" aria-hidden="true" />
							Entrar / Cadastrar
						</Link>
					)}
				</div>
			</SheetContent>
		</Sheet>
	)
}
