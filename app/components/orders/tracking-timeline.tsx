/**
 * The parcel's way, as the carrier told it (issue 32, decision 115): on the admin's and the
 * shopper's order pages. Oldest first, like the status history next to it.
 */
export function TrackingTimeline({ events, title = 'Entrega' }: { events: ReadonlyArray<{ kind: string; label: string; at: string }>; title?: string }) {
	if (events.length === 0) return null
	return (
		<section aria-label={title} className="grid gap-2">
			<h3 className="text-sm font-medium">{title}</h3>
			<ol className="grid gap-2 border-l pl-4 text-sm">
				{events.map((event) => (
					<li key={event.kind} data-event={event.kind} className="relative">
						<span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-primary" />
						<span className="font-medium">{event.label}</span> <span className="text-muted-foreground">— {event.at}</span>
					</li>
				))}
			</ol>
		</section>
	)
}
