import { data, Link } from 'react-router'
import { z } from 'zod'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import { requireAdmin } from '~/server/auth/guards.server'
import { actorOf } from '~/server/activity/record.server'
import { readForm } from '~/server/read-form.server'
import { listReturnRequests, readReturnStatusFilter } from '~/server/returns/admin.server'
import { approveReturn, refuseReturn } from '~/server/returns/decide.server'
import { redirectWithToast } from '~/server/toast.server'
import { cn } from '~/utils/cn'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/return-requests'

/**
 * /admin/desistencias (issue 31, decision 117): the shoppers' withdrawal requests, open ones
 * first, and the action that approves (refund through the provider, or by hand) or refuses them.
 * The panel on each order's page (components/returns/return-admin-panel.tsx) posts here too.
 */
export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Desistências', matches) }]

const TABS = [
	{ value: 'aberto', label: 'Aguardando resposta' },
	{ value: 'aprovado', label: 'Aprovadas' },
	{ value: 'recusado', label: 'Recusadas' },
	{ value: 'todos', label: 'Todas' },
] as const

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const url = new URL(request.url)
	const status = readReturnStatusFilter(url)
	return { tab: status ?? 'todos', requests: await listReturnRequests(status) }
}

const decisionSchema = z.object({
	intent: z.enum(['approve', 'refuse'], { error: 'Escolha aprovar ou recusar.' }),
	orderId: z.uuid({ error: 'Pedido não encontrado.' }),
})

export type ReturnDecisionData = { error: string }

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const reading = await readForm(request)
	if (!reading.ok) return data<ReturnDecisionData>({ error: reading.message }, { status: 400 })
	const form = Object.fromEntries(reading.form)
	const parsed = decisionSchema.safeParse(form)
	if (!parsed.success) return data<ReturnDecisionData>({ error: parsed.error.issues[0]?.message ?? 'Dados inválidos.' }, { status: 400 })
	const actor = actorOf(admin, context)
	const result =
		parsed.data.intent === 'approve' ? await approveReturn(parsed.data.orderId, form, actor) : await refuseReturn(parsed.data.orderId, form, actor)
	if (!result.ok) return data<ReturnDecisionData>({ error: result.message }, { status: 400 })
	// Back to the order's page, where the panel shows the decision and the payment's timeline the refund.
	return redirectWithToast(`/admin/pedidos/${parsed.data.orderId}`, {
		type: 'success',
		title: parsed.data.intent === 'approve' ? 'Desistência aprovada' : 'Desistência recusada',
		description: result.message,
	})
}

export default function AdminReturnRequests({ loaderData }: Route.ComponentProps) {
	const { tab, requests } = loaderData
	return (
		<AdminPage
			title="Desistências"
			description="Pedidos de desistência da compra (direito de arrependimento, 7 dias após o recebimento). Responda em até 2 dias úteis."
		>
			<nav aria-label="Filtrar desistências" className="flex flex-wrap gap-2">
				{TABS.map((item) => (
					<Link
						key={item.value}
						to={item.value === 'aberto' ? '/admin/desistencias' : `/admin/desistencias?status=${item.value}`}
						aria-current={tab === item.value ? 'page' : undefined}
						className={cn(
							'rounded-full border px-3 py-1.5 text-sm',
							tab === item.value ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
						)}
					>
						{item.label}
					</Link>
				))}
			</nav>
			{requests.length === 0 ? (
				<p className="mt-6 rounded-lg border p-6 text-center text-muted-foreground" role="status">
					{tab === 'aberto' ? 'Nenhuma desistência aguardando resposta.' : 'Nenhuma desistência encontrada.'}
				</p>
			) : (
				<>
					{/* Decision 103: on a phone each request is a card, not a table that scrolls sideways. */}
					<ul className="mt-6 grid gap-3 md:hidden" aria-label="Lista de desistências">
						{requests.map((row) => (
							<li key={`${row.orderId}-${row.createdAt}`} className="grid gap-1 rounded-lg border p-3 text-sm" data-testid="desistencia-admin-cartao">
								<div className="flex flex-wrap items-center justify-between gap-2">
									<Link to={`/admin/pedidos/${row.orderId}`} className="font-medium text-primary underline-offset-4 hover:underline">
										{row.reference}
									</Link>
									<span>{row.statusLabel}</span>
								</div>
								<p>
									{row.customerName} · {row.total}
								</p>
								<p className="text-muted-foreground">Pedida em {row.createdAt}</p>
								{row.reason ? <p className="[overflow-wrap:anywhere]">{row.reason}</p> : null}
							</li>
						))}
					</ul>
					<TableBox label="Lista de desistências" className="mt-6 max-md:hidden">
						<table className="w-full text-sm">
							<caption className="sr-only">Desistências, da mais recente à mais antiga</caption>
							<thead className="bg-muted/60">
								<tr>
									<th scope="col" className={th}>Pedido</th>
									<th scope="col" className={th}>Cliente</th>
									<th scope="col" className={th}>Pedida em</th>
									<th scope="col" className={th}>Situação</th>
									<th scope="col" className={th}>Motivo</th>
									<th scope="col" className={`${th} text-right`}>Total</th>
								</tr>
							</thead>
							<tbody>
								{requests.map((row) => (
									<tr key={`${row.orderId}-${row.createdAt}`} className="border-t" data-testid="desistencia-admin">
										<th scope="row" className={`${td} text-left font-medium`}>
											<Link to={`/admin/pedidos/${row.orderId}`} className="text-primary underline-offset-4 hover:underline">
												{row.reference}
											</Link>
										</th>
										<td className={td}>{row.customerName}</td>
										<td className={`${td} whitespace-nowrap`}>{row.createdAt}</td>
										<td className={`${td} whitespace-nowrap`}>{row.statusLabel}</td>
										<td className={`${td} min-w-48 [overflow-wrap:anywhere]`}>{row.reason ?? '—'}</td>
										<td className={`${td} whitespace-nowrap text-right`}>{row.total}</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableBox>
				</>
			)}
		</AdminPage>
	)
}
