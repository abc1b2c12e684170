import { NavLink } from 'react-router'
import { cn } from '~/utils/cn'

/** document 001 §2: the Bandanas / Colares tabs; each tab is its own page. */
export function PersonalizationTabs({ links }: { links: readonly { label: string; to: string }[] }) {
	return (
		<nav aria-label="Tipo de produto" className="inline-flex rounded-lg bg-muted p-1">
			{links.map((link) => (
				<NavLink
					key={link.to}
					to={link.to}
					end
					preventScrollReset
					className={({ isActive }) =>
						cn(
							'rounded-md px-4 py-1.5 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring',
							isActive ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
						)
					}
				>
					{link.label}
				</NavLink>
			))}
		</nav>
	)
}
