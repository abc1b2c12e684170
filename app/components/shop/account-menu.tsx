import { LayoutDashboardIcon, LogOutIcon, UserIcon } from 'lucide-react'
import { Link, useSubmit } from 'react-router'
import { Button } from '~/components/ui/button'
import {
	DropdownMenu,
	DropdownMenuContent,
	DropdownMenuItem,
	DropdownMenuLabel,
	DropdownMenuSeparator,
	DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import type { ShellUser } from './use-root-data'

/** Admins land on the back-office, everyone else on the customer area (document 001 §2 'Login'). */
export function dashboardPath(user: NonNullable<ShellUser>): string {
	return user.isAdmin ? '/admin' : '/user/dashboard'
}

/**
 * The header's account control: 'Entrar / Cadastrar' when signed out; when signed in, the
 * 'Minha Conta' menu with Dashboard and Sair (document 000 §2 'Header').
 */
export function AccountMenu({ user }: { user: ShellUser }) {
	const submit = useSubmit()
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
		<DropdownMenu modal={false}>
			<DropdownMenuTrigger asChild>
				<Button variant="ghost" size="icon" aria-label="Minha Conta" title="Minha Conta">
					<UserIcon aria-hidden="true" />
				</Button>
			</DropdownMenuTrigger>
			<DropdownMenuContent align="end" className="w-56">
				<DropdownMenuLabel>
					Minha Conta
					<span className="block truncate text-xs font-normal text-muted-foreground">{user.fullName ?? user.email}</span>
				</DropdownMenuLabel>
				<DropdownMenuSeparator />
				<DropdownMenuItem asChild>
					<Link to={dashboardPath(user)}>
						<LayoutDashboardIcon aria-hidden="true" />
						Dashboard
					</Link>
				</DropdownMenuItem>
				{/* The menu lives in a portal, so it cannot hold a <form>; it submits the sign-out POST itself. */}
				<DropdownMenuItem onSelect={() => void submit(null, { method: 'post', action: '/logout' })}>
					<LogOutIcon aria-hidden="true" />
					Sair
				</DropdownMenuItem>
			</DropdownMenuContent>
		</DropdownMenu>
	)
}
