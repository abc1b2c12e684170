import { formatMoney } from '~/utils/format'

/**
 * Daily revenue as plain SVG bars (issue 11): no chart library in any bundle, readable by
 * screen readers through the table it summarises (in a <details> below the drawing).
 */
export function RevenueChart({ days }: { days: readonly { date: string; revenueCents: number }[] }) {
	const max = Math.max(1, ...days.map((d) => d.revenueCents))
	const width = 600
	const height = 160
	const gap = 2
	const barWidth = days.length ? width / days.length - gap : 0
	const total = days.reduce((sum, d) => sum + d.revenueCents, 0)
	const label = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`
	return (
		<figure>
			<svg
				viewBox={`0 0 ${width} ${height}`}
				className="h-40 w-full"
				role="img"
				aria-label={`Faturamento diário dos últimos 30 dias: ${formatMoney(total)} no total`}
			>
				{days.map((day, i) => {
					const barHeight = Math.round((day.revenueCents / max) * (height - 4))
					return (
						<rect
							key={day.date}
							x={i * (barWidth + gap)}
							y={height - barHeight}
							width={barWidth}
							height={barHeight}
							rx={2}
							className="fill-primary"
						>
							<title>{`${label(day.date)}: ${formatMoney(day.revenueCents)}`}</title>
						</rect>
					)
				})}
			</svg>
			{/* The axis's first and last day: a drawing's ticks (the table below says every day). */}
			<div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden="true">
				<span>{days[0] ? label(days[0].date) : ''}</span>
				<span>{days.at(-1) ? label(days.at(-1)!.date) : ''}</span>
			</div>
			{/* A figure's caption is its first or last child (issue 28: it sat before the <details>). */}
			<figcaption>
				<details className="mt-2 text-sm">
					<summary className="cursor-pointer text-muted-foreground">Ver os valores por dia</summary>
					<table className="mt-2 w-full text-left">
						<thead>
							<tr>
								<th scope="col">Dia</th>
								<th scope="col">Faturamento</th>
							</tr>
						</thead>
						<tbody>
							{days.map((day) => (
								<tr key={day.date}>
									<td>{label(day.date)}</td>
									<td>{formatMoney(day.revenueCents)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</details>
			</figcaption>
		</figure>
	)
}
