import { SUBSCRIPTION_BENEFITS } from './plan'

/** The six subscription benefit cards, shared by /assinaturas and the subscription product layout. */
export function BenefitCards({ headingId, title }: { headingId: string; title: string }) {
	return (
		<section aria-labelledby={headingId} className="flex flex-col gap-6">
			<h2 id={headingId} className="text-center text-2xl font-bold">
				{title}
			</h2>
			<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{SUBSCRIPTION_BENEFITS.map((benefit) => (
					<li key={benefit.title} className="flex gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
						<span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
							<benefit.icon className="size-5" aria-hidden="true" />
						</span>
						<div>
							<h3 className="font-semibold">{benefit.title}</h3>
							<p className="mt-1 text-sm text-muted-foreground">{benefit.description}</p>
						</div>
					</li>
				))}
			</ul>
		</section>
	)
}
