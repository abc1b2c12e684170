import { LayoutDashboardIcon, LogOutIcon, UserIcon } from '~/components/icons/lucide'
import { useId, useRef, useState } from 'react'
import { Form, Link, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { useDismiss } from '~/components/ui/use-dismiss'
import type { ShellUser } from './use-root-data'

/** Admins land on the back-office, everyone else on the customer area (document 001 §2 'Login'). */
export function dashboardPath(user: NonNullable<ShellUser>): string {
	return user.isAdmin ? '/admin' : '/user/dashboard'
}

const itemClasses =
	'flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:text-accent-foreground focus-visible:outline-none [&_svg]:size-4 [&_svg]:shrink-0'

/**
 * The header's account control: 'Entrar / Cadastrar' when signed out; when signed in, the
 * 'Minha Conta' panel with Dashboard and Sair (document 000 §2 'Header').
 *
 * A disclosure (button with aria-expanded, then a link and a sign-out button in page order),
 * the pattern for site navigation: no menu library and positioning engine in every page's
 * first load (decision 016), Tab reaches the two items, Escape and a click or focus outside
 * close it. Sign-out is a real form, so it works before the page has hydrated too.
 */
export function AccountMenu({ user }: { user: ShellUser }) {
	const [open, setOpen] = useState(false)
	const containerRef = useRef<HTMLDivElement>(null)
	const buttonRef = useRef<HTMLButtonElement>(null)
	const panelId = useId()
	const { pathname } = useLocation()

	// Any navigation closes it (state adjusted while rendering, not in an effect).
	const [openedAt, setOpenedAt] = useState(pathname)
	if (open && openedAt !== pathname) {
		setOpen(false)
		setOpenedAt(pathname)
	}

	useDismiss({
		enabled: open,
		contains: (target) => containerRef.current?.contains(target) ?? false,
		onDismiss: (reason) => {
			setOpen(false)
			if (reason === 'escape') buttonRef.current?.focus()
		},
	})

	if (!user) {
		return (
			<Button asChild variant="ghost" size="icon">
				<Link to="/auth" aria-label="Entrar / Cadastrar" title="Entrar / Cadastrar">
					<UserIcon aria-hidden="true" />
				</Link>
			</Button>
		)
	}
	return (
		<div
			ref={containerRef}
			className="relative"
			onBlur={(event) => {
				if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false)
			}}
		>
			<Button
				ref={buttonRef}
				variant="ghost"
				size="icon"
				aria-label="Minha Conta"
				title="Minha Conta"
				aria-expanded={open}
				aria-controls={panelId}
				onClick={() => {
					setOpenedAt(pathname)
					setOpen((current) => !current)
				}}
			>
				<UserIcon aria-hidden="true" />
			</Button>
			<div
				id={panelId}
				hidden={!open}
				className="absolute top-full right-0 z-50 mt-1 w-56 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
			>
				<p className="px-2 py-1.5 text-sm font-semibold">
					Minha Conta
					<span className="block truncate text-xs font-normal text-muted-foreground">{user.fullName ?? user.email}</span>
				</p>
				<hr className="-mx-1 my-1 border-border" />
				<ul>
					<li>
						<Link to={dashboardPath(user)} className={itemClasses}>
							<LayoutDashboardIcon aria-hidden="true" />
							Dashboard
						</Link>
					</li>
					<li>
						<Form method="post" action="/logout">
							<button type="submit" className={itemClasses}>
								<LogOutIcon aria-hidden="true" />
								Sair
							</button>
						</Form>
					</li>
				</ul>
			</div>
		</div>
	)
}
