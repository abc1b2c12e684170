import type * as React from 'react'
import { TableBox, td, th } from '~/components/admin/admin-page'
import { formatDateTime } from '~/utils/format'

export type StockHistoryRow = {
	id: string
	createdAt: string | Date
	variantTitle: string
	delta: number
	stockAfter: number
	reason: string
	by: string | null
}

/**
 * Stock adjustments with their reason (issue 11): one product's history on its page, the shop's
 * latest on /admin/estoque (there with a column naming the product).
 */
export function StockHistoryTable<Row extends StockHistoryRow>({
	label,
	rows,
	product,
}: {
	label: string
	rows: readonly Row[]
	/** The product column, for a history of several products. */
	product?: (row: Row) => React.ReactNode
}) {
	const headings = ['Data', ...(product ? ['Produto'] : []), 'Variante', 'Ajuste', 'Estoque', 'Motivo', 'Por']
	return (
		<TableBox label={label}>
			<table className="w-full text-sm">
				<thead className="bg-muted/50">
					<tr>
						{headings.map((heading) => (
							<th key={heading} className={th} scope="col">
								{heading}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="divide-y">
					{rows.map((row) => (
						<tr key={row.id} data-testid="historico-estoque">
							<td className={`${td} whitespace-nowrap`}>{formatDateTime(row.createdAt)}</td>
							{product ? <td className={td}>{product(row)}</td> : null}
							<td className={td}>{row.variantTitle}</td>
							<td className={td}>{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
							<td className={td}>{row.stockAfter}</td>
							<td className={td}>{row.reason}</td>
							<td className={td}>{row.by ?? '—'}</td>
						</tr>
					))}
				</tbody>
			</table>
		</TableBox>
	)
}
