import type * as React from 'react'
import { cn } from '~/utils/cn'

/**
 * A term/value list as a two-column grid that wraps long values instead of overflowing (375 px).
 * Each pair sits in its own <div> (valid HTML for <dl>); a null value leaves its term out.
 */
export function Facts({ facts, className }: { facts: readonly (readonly [string, React.ReactNode])[]; className?: string }) {
	return (
		<dl className={cn('grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 [&_dd]:[overflow-wrap:anywhere]', className)}>
			{facts
				.filter(([, value]) => value !== null && value !== undefined)
				.map(([term, value]) => (
					<div key={term} className="contents">
						<dt className="text-muted-foreground">{term}</dt>
						<dd>{value}</dd>
					</div>
				))}
		</dl>
	)
}
