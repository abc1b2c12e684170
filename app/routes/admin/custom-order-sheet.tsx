import { ArrowLeftIcon, PrinterIcon } from '~/components/icons/lucide'
import { data, Link } from 'react-router'
import { z } from 'zod'
import { Facts } from '~/components/admin/facts'
import { Button } from '~/components/ui/button'
import { requireAdmin } from '~/server/auth/guards.server'
import { customOrderById } from '~/server/personalization/custom-orders.server'
import { titleOf, workOrderDetails } from '~/utils/custom-order-view'
import { formatDateTime, formatLongDate } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import { WORK_STAGE_LABELS } from '~/utils/production-status'
import type { Route } from './+types/custom-order-sheet'

/**
 * /admin/pedidos-personalizados/:id/ordem (issue 30, decision 091): the printable work order of
 * one custom piece of a placed order: the shop order reference in large type, everything needed
 * to make the piece, the files by name and the owner's notes. Printing (app.css `@media print`)
 * shows only the sheet: no menu, no buttons.
 */

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => [
	{ title: pageTitle(loaded && 'row' in loaded ? `Ordem de produção ${loaded.row.order?.reference ?? ''}` : 'Ordem de produção', matches) },
]

const paramsSchema = z.object({ id: z.uuid() })

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const parsed = paramsSchema.safeParse(params)
	const row = parsed.success ? await customOrderById(parsed.data.id) : null
	// A configuration never checked out has no work to do, so no work order.
	if (!row?.order) throw data({ message: 'Pedido personalizado não encontrado.' }, { status: 404 })
	return { row }
}

export default function CustomOrderSheet({ loaderData }: Route.ComponentProps) {
	const { row } = loaderData
	const order = row.order
	if (!order) return null
	return (
		<main className="mx-auto w-full max-w-3xl p-4 md:p-8">
			<div className="mb-6 flex flex-wrap gap-2 print:hidden">
				<Button asChild variant="outline" size="sm">
					<Link to="/admin/pedidos-personalizados">
						<ArrowLeftIcon aria-hidden="true" />
						Voltar para os pedidos
					</Link>
				</Button>
				<Button type="button" size="sm" onClick={() => window.print()}>
					<PrinterIcon aria-hidden="true" />
					Imprimir
				</Button>
			</div>
			<article data-print-sheet className="rounded-lg border bg-card p-4 text-card-foreground sm:p-6" data-testid="ordem-producao">
				<header className="flex flex-wrap items-start justify-between gap-3 border-b pb-4">
					<div className="min-w-0">
						<p className="text-sm text-muted-foreground">Ordem de produção</p>
						<h1 className="font-mono text-3xl font-bold [overflow-wrap:anywhere]">{order.reference}</h1>
						<p className="mt-1 text-lg font-semibold">{titleOf(row)}</p>
					</div>
					<Facts
						className="text-sm"
						facts={[
							['Pedido da loja', ORDER_STATUS_LABELS[order.status]],
							['Produção', row.stage ? WORK_STAGE_LABELS[row.stage] : null],
						]}
					/>
				</header>
				<Facts
					className="mt-4 gap-x-6 gap-y-2 text-base"
					facts={[
						...workOrderDetails(row),
						['Feito em', formatLongDate(row.createdAt)],
						['Pago em', order.paidAt ? formatDateTime(order.paidAt) : null],
						['Arquivos', row.files.length > 0 ? row.files.map((f) => f.label).join(', ') : 'Nenhum'],
					]}
				/>
				<section aria-labelledby="ordem-notas" className="mt-4 border-t pt-4">
					<h2 id="ordem-notas" className="font-semibold">
						Observações
					</h2>
					<p className="mt-1 whitespace-pre-wrap">{row.notes ?? 'Sem observações.'}</p>
				</section>
			</article>
		</main>
	)
}
