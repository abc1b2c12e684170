import { Link } from 'react-router'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import { requireAdmin } from '~/server/auth/guards.server'
import { LOW_STOCK_THRESHOLD } from '~/server/catalog-admin/product-list.server'
import { lowStockVariants, recentStockAdjustments } from '~/server/catalog-admin/stock.server'
import { formatDateTime } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/stock'

/** /admin/estoque (issue 11): variants at or below the low-stock threshold, and the latest adjustments. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Estoque', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const [low, recent] = await Promise.all([lowStockVariants(LOW_STOCK_THRESHOLD), recentStockAdjustments()])
	return { low, recent, threshold: LOW_STOCK_THRESHOLD }
}

export default function StockAdmin({ loaderData }: Route.ComponentProps) {
	const { low, recent, threshold } = loaderData
	const productLink = (id: string, title: string) => (
		<Link to={`/admin/produtos/${id}`} className="font-medium text-primary underline-offset-4 hover:underline">
			{title}
		</Link>
	)
	return (
		<AdminPage title="Estoque" description={`Variantes com ${threshold} unidades ou menos, e os últimos ajustes.`}>
			<section aria-labelledby="estoque-baixo">
				<h2 id="estoque-baixo" className="mb-2 text-lg font-semibold">
					Estoque baixo
				</h2>
				{low.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhuma variante com estoque baixo.</p>
				) : (
					<TableBox label="Estoque baixo">
						<table className="w-full text-sm">
							<thead className="bg-muted/50">
								<tr>
									{['Produto', 'Variante', 'Estoque'].map((label) => (
										<th key={label} className={th} scope="col">
											{label}
										</th>
									))}
								</tr>
							</thead>
							<tbody className="divide-y">
								{low.map((row) => (
									<tr key={`${row.productId}-${row.variantTitle}`} data-testid="estoque-baixo">
										<td className={td}>{productLink(row.productId, row.productTitle)}</td>
										<td className={td}>{row.variantTitle}</td>
										<td className={td}>{row.stock === 0 ? 'Esgotado' : row.stock}</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableBox>
				)}
			</section>
			<section aria-labelledby="ajustes" className="mt-8">
				<h2 id="ajustes" className="mb-2 text-lg font-semibold">
					Últimos ajustes
				</h2>
				{recent.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhum ajuste ainda.</p>
				) : (
					<TableBox label="Últimos ajustes">
						<table className="w-full text-sm">
							<thead className="bg-muted/50">
								<tr>
									{['Data', 'Produto', 'Variante', 'Ajuste', 'Estoque', 'Motivo', 'Por'].map((label) => (
										<th key={label} className={th} scope="col">
											{label}
										</th>
									))}
								</tr>
							</thead>
							<tbody className="divide-y">
								{recent.map((row) => (
									<tr key={row.id}>
										<td className={`${td} whitespace-nowrap`}>{formatDateTime(row.createdAt)}</td>
										<td className={td}>{productLink(row.productId, row.productTitle)}</td>
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
				)}
			</section>
		</AdminPage>
	)
}
