import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminPage, FieldMessage, TableBox, td, th } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { requireAdmin } from '~/server/auth/guards.server'
import { lowStockVariants, recentStockAdjustments } from '~/server/catalog-admin/stock.server'
import { readFormData } from '~/server/read-form.server'
import { actorOf } from '~/server/activity/record.server'
import { db } from '~/server/db.server'
import { getStoreSettings, updateStoreSettings } from '~/server/settings.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/stock'
import { StockHistoryTable } from '~/components/admin/catalog/stock-history-table'

/** /admin/estoque (issue 11): variants at or below the low-stock threshold, and the latest adjustments. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Estoque', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const { lowStockThreshold } = await getStoreSettings()
	const [low, recent] = await Promise.all([lowStockVariants(lowStockThreshold), recentStockAdjustments()])
	return { low, recent, threshold: lowStockThreshold }
}

const thresholdSchema = z
	.string()
	.trim()
	.regex(/^\d{1,5}$/, 'Informe o limite em unidades inteiras (0 a 10.000).')
	.transform(Number)
	.refine((n) => n <= 10_000, 'Informe o limite em unidades inteiras (0 a 10.000).')

/** The low-stock threshold (a store setting): the list here, the product list filter and the dashboard follow it. */
export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	const raw = typeof form.get('lowStockThreshold') === 'string' ? String(form.get('lowStockThreshold')) : ''
	const parsed = thresholdSchema.safeParse(raw)
	if (!parsed.success) {
		const message = parsed.error.issues[0]?.message ?? 'Limite inválido.'
		return data({ error: message, value: raw }, { status: 400, headers: createToastHeaders({ type: 'error', title: message }) })
	}
	await updateStoreSettings({ lowStockThreshold: parsed.data }, db, actorOf(admin, context))
	return redirectWithToast('/admin/estoque', { type: 'success', title: 'Limite de estoque baixo salvo!' })
}

export default function StockAdmin({ loaderData }: Route.ComponentProps) {
	const { low, recent, threshold } = loaderData
	const answer = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const productLink = (id: string, title: string) => (
		<Link to={`/admin/produtos/${id}`} className="font-medium text-primary underline-offset-4 hover:underline">
			{title}
		</Link>
	)
	return (
		<AdminPage title="Estoque" description={`Variantes com ${threshold} unidades ou menos, e os últimos ajustes.`}>
			<Form method="post" aria-label="Limite de estoque baixo" className="mb-6 flex flex-wrap items-end gap-3" noValidate>
				<div className="space-y-1">
					<Label htmlFor="limite-estoque">Estoque baixo: até quantas unidades</Label>
					<Input
						id="limite-estoque"
						name="lowStockThreshold"
						inputMode="numeric"
						defaultValue={answer?.value ?? String(threshold)}
						className="w-32"
						aria-invalid={answer?.error ? true : undefined}
						aria-describedby="limite-estoque-erro"
					/>
					<FieldMessage id="limite-estoque-erro" message={answer?.error} />
				</div>
				<Button type="submit" variant="outline" disabled={busy} className="mb-5">
					{busy ? 'Salvando...' : 'Salvar limite'}
				</Button>
			</Form>
			<section aria-labelledby="estoque-baixo">
				<h2 id="estoque-baixo" className="mb-2 text-lg font-semibold">
					Estoque baixo
				</h2>
				{low.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhuma variante com estoque baixo.</p>
				) : (
					// Not the section's own name: two regions named alike are a duplicate landmark (axe).
					<TableBox label="Tabela de estoque baixo">
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
					<StockHistoryTable label="Tabela dos últimos ajustes" rows={recent} product={(row) => productLink(row.productId, row.productTitle)} />
				)}
			</section>
		</AdminPage>
	)
}
