import { Link } from 'react-router'
import { cn } from '~/utils/cn'

type SectionHeadingProps = {
	id: string
	title: string
	description?: string
	/** 'Ver Todos' target; the link is only given when the row has products. */
	viewAllHref?: string
	className?: string
	/** Extra controls beside 'Ver Todos' (a row's arrows). */
	actions?: React.ReactNode
}

/** A home section's h2, with an optional line under it and an optional 'Ver Todos' link. */
export function SectionHeading({ id, title, description, viewAllHref, className, actions }: SectionHeadingProps) {
	return (
		<div className={cn('mb-4 flex items-end justify-between gap-4 sm:mb-6', className)}>
			<div className="space-y-1">
				<h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
					{title}
				</h2>
				{description ? <p className="text-sm text-muted-foreground sm:text-base">{description}</p> : null}
			</div>
			<div className="flex shrink-0 items-center gap-4">
				{viewAllHref ? (
					<Link
						to={viewAllHref}
						prefetch="intent"
						className="shrink-0 rounded-sm text-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
					>
						Ver Todos<span className="sr-only"> — {title}</span>
					</Link>
				) : null}
				{actions}
			</div>
		</div>
	)
}
