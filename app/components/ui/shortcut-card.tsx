import type { LucideIcon } from '~/components/icons/lucide'
import { Link } from 'react-router'
import { Card, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'

export type Shortcut = { title: string; description: string; icon: LucideIcon; to?: string }

/**
 * A dashboard shortcut: icon, title and one line. With `to` the whole card is a link;
 * without it (a page a later issue builds) it is plain text.
 */
export function ShortcutCard({ item }: { item: Shortcut }) {
	const card = (
		<Card className={item.to ? 'h-full transition-colors hover:border-primary/60 hover:bg-accent/40' : 'h-full'}>
			<CardHeader>
				<item.icon className="mb-2 size-6 text-primary" aria-hidden="true" />
				<CardTitle>
					<h2>{item.title}</h2>
				</CardTitle>
				<CardDescription>{item.description}</CardDescription>
			</CardHeader>
		</Card>
	)
	if (!item.to) return card
	return (
		<Link to={item.to} className="block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring">
			{card}
		</Link>
	)
}
