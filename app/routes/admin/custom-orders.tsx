import { CheckCircle2Icon, PencilIcon, PlayIcon, PrinterIcon, TruckIcon, Undo2Icon } from '~/components/icons/lucide'
import { useState } from 'react'
import { data, Link, useFetcher, useSearchParams } from 'react-router'
import { z } from 'zod'
import { AdminPage } from '~/components/admin/admin-page'
import { FileDownloadButton } from '~/components/admin/file-download-button'
import type { LiveChannelsHandle } from '~/components/shop/live-updates'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Textarea } from '~/components/ui/textarea'
import { requireAdmin } from '~/server/auth/guards.server'
import { TRACKING_CODE_MAX } from '~/server/orders/status.server'
import {
	CUSTOM_ORDER_MESSAGES,
	CUSTOM_ORDERS_PAGE_SIZE,
	type CustomOrderRow,
	NOTES_MAX,
	customOrderCounts,
	listCustomOrders,
	moveCustomOrder,
	saveCustomOrderNotes,
	shipCustomOrder,
} from '~/server/personalization/custom-orders.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders } from '~/server/toast.server'
import { formatDateTime, formatLongDate } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import {
	NEXT_STAGE,
	PREVIOUS_STAGE,
	PRODUCTION_MESSAGES,
	PRODUCTION_STAGES,
	QUEUE_VIEWS,
	type QueueView,
	WORK_STAGE_LABELS,
	type WorkStage,
} from '~/utils/production-status'
import { Facts } from '~/components/admin/facts'
import { titleOf, workOrderDetails } from '~/utils/custom-order-view'
import type { Route } from './+types/custom-orders'

/**
 * /admin/pedidos-personalizados (document 001 §2 'Custom orders admin'; issue 30): the
 * production queue. By default only pieces of placed, paid orders ('Pedidos Não Concluídos' in
 * the order they were paid, then 'Pedidos Concluídos'); 'Não pagos' shows placed orders still
 * awaiting payment (or cancelled), 'Abandonadas' the configurations never checked out. Each card
 * is a work order: size, colour, art, texts, extras, quantity, files, notes, its printable sheet,
 * and the production step the owner moves in one tap up to the shop order's 'Enviado'.
 * Follows changes made in another tab (admin:orders channel).
 */

export const handle: LiveChannelsHandle = { liveChannels: ['admin:orders'] }

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Pedidos Personalizados', matches) }]

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1)
const viewSchema = z.enum(QUEUE_VIEWS).catch('pagos')

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const url = new URL(request.url)
	const view = viewSchema.parse(url.searchParams.get('visao') ?? 'pagos')
	const pendingPage = pageSchema.parse(url.searchParams.get('pendentes') ?? 1)
	const donePage = pageSchema.parse(url.searchParams.get('concluidos') ?? 1)
	const [counts, pending, done] = await Promise.all([
		customOrderCounts(),
		view === 'pagos' ? listCustomOrders({ view, completed: false, page: pendingPage }) : listCustomOrders({ view, page: pendingPage }),
		view === 'pagos' ? listCustomOrders({ view, completed: true, page: donePage }) : Promise.resolve([]),
	])
	return { view, counts, pending, done, pendingPage, donePage, pageSize: CUSTOM_ORDERS_PAGE_SIZE, notesMax: NOTES_MAX, trackingCodeMax: TRACKING_CODE_MAX }
}

const actionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('production'), id: z.uuid(), to: z.enum(PRODUCTION_STAGES) }),
	z.object({
		intent: z.literal('ship'),
		id: z.uuid(),
		trackingCode: z
			.string()
			.trim()
			.min(1, 'Informe o código de rastreio para marcar o pedido como enviado.')
			.max(TRACKING_CODE_MAX, `O código de rastreio deve ter no máximo ${TRACKING_CODE_MAX} caracteres.`),
	}),
	z.object({ intent: z.literal('notes'), id: z.uuid(), notes: z.string().max(20_000).default('') }),
])

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = Object.fromEntries([...(await readFormData(request))].filter((e): e is [string, string] => typeof e[1] === 'string'))
	const parsed = actionSchema.safeParse(form)
	if (!parsed.success) {
		const issue = parsed.error.issues.find((i) => i.path[0] === 'trackingCode')
		const message = issue?.message ?? 'Ação inválida.'
		const headers = issue ? createToastHeaders({ type: 'error', title: PRODUCTION_MESSAGES.failed, description: message }) : undefined
		return data({ ok: false, message }, { status: 400, headers })
	}
	const input = parsed.data
	const result =
		input.intent === 'production'
			? await moveCustomOrder({ id: input.id, to: input.to, actorUserId: admin.id })
			: input.intent === 'ship'
				? await shipCustomOrder({ id: input.id, trackingCode: input.trackingCode, actorUserId: admin.id })
				: await saveCustomOrderNotes(input.id, input.notes)
	const failure = input.intent === 'notes' ? CUSTOM_ORDER_MESSAGES.notesFailed : CUSTOM_ORDER_MESSAGES.updateFailed
	const headers = createToastHeaders(
		result.ok ? { type: 'success', title: result.message } : { type: 'error', title: failure, description: result.message },
	)
	return data(result, { status: result.ok ? 200 : 400, headers })
}

const VIEW_TABS: Record<QueueView, { label: string; count: (c: Route.ComponentProps['loaderData']['counts']) => number }> = {
	pagos: { label: 'Fila de produção', count: (c) => c.total },
	'nao-pagos': { label: 'Não pagos', count: (c) => c.unpaid },
	abandonados: { label: 'Personalizações abandonadas', count: (c) => c.abandoned },
}

/** The views that are one list (the paid queue has two: to make and made). */
const SINGLE_LIST_VIEWS: Record<Exclude<QueueView, 'pagos'>, { title: string; intro: string }> = {
	'nao-pagos': {
		title: 'Pedidos não pagos',
		intro: 'Pedidos feitos que aguardam pagamento ou foram cancelados: nada a produzir ainda.',
	},
	abandonados: {
		title: 'Personalizações abandonadas',
		intro: 'Configurações adicionadas ao carrinho e nunca finalizadas no checkout.',
	},
}

export default function CustomOrders({ loaderData }: Route.ComponentProps) {
	const { view, counts, pending, done, pendingPage, donePage, pageSize, notesMax, trackingCodeMax } = loaderData
	const common = { notesMax, trackingCodeMax }
	return (
		<AdminPage title="Pedidos Personalizados" description="Bandanas e colares personalizados e pedidos de atacado.">
			<dl className="grid grid-cols-3 gap-3">
				{(
					[
						['Total', counts.total],
						['Pendentes', counts.pending],
						['Concluídos', counts.completed],
					] as const
				).map(([label, value]) => (
					<div key={label} className="min-w-0 rounded-lg border p-3 sm:p-4">
						<dt className="text-sm text-muted-foreground">{label}</dt>
						<dd className="text-2xl font-bold" data-testid={`contagem-${label.toLowerCase()}`}>
							{value}
						</dd>
					</div>
				))}
			</dl>
			<nav aria-label="Visões dos pedidos personalizados" className="mt-6">
				<ul className="flex flex-wrap gap-2">
					{QUEUE_VIEWS.map((key) => (
						<li key={key}>
							<Button asChild size="sm" variant={key === view ? 'default' : 'outline'}>
								<Link to={key === 'pagos' ? '?' : `?visao=${key}`} aria-current={key === view ? 'page' : undefined}>
									{VIEW_TABS[key].label} ({VIEW_TABS[key].count(counts)})
								</Link>
							</Button>
						</li>
					))}
				</ul>
			</nav>
			{view === 'pagos' ? (
				<>
					<OrderSection
						title="Pedidos Não Concluídos"
						intro="Peças de pedidos pagos, na ordem em que foram pagos."
						rows={pending}
						page={pendingPage}
						hasMore={pending.length === pageSize}
						param="pendentes"
						{...common}
					/>
					<OrderSection
						title="Pedidos Concluídos"
						intro="Peças prontas: primeiro as que ainda serão enviadas."
						rows={done}
						page={donePage}
						hasMore={done.length === pageSize}
						param="concluidos"
						{...common}
					/>
				</>
			) : (
				<OrderSection
					{...SINGLE_LIST_VIEWS[view]}
					rows={pending}
					page={pendingPage}
					hasMore={pending.length === pageSize}
					param="pendentes"
					{...common}
				/>
			)}
		</AdminPage>
	)
}

type CardOptions = { notesMax: number; trackingCodeMax: number }

function OrderSection({
	title,
	intro,
	rows,
	page,
	hasMore,
	param,
	...options
}: {
	title: string
	intro: string
	rows: CustomOrderRow[]
	page: number
	hasMore: boolean
	param: string
} & CardOptions) {
	const [params] = useSearchParams()
	const pageLink = (target: number) => {
		const next = new URLSearchParams(params)
		next.set(param, String(target))
		return `?${next.toString()}`
	}
	const id = `secao-${param}`
	return (
		<section aria-labelledby={id} className="mt-8">
			<h2 id={id} className="text-lg font-semibold">
				{title}
			</h2>
			<p className="text-sm text-muted-foreground">{intro}</p>
			{rows.length === 0 ? (
				<p className="mt-2 text-sm text-muted-foreground">Nenhum pedido aqui.</p>
			) : (
				<ul className="mt-3 space-y-4">
					{rows.map((row) => (
						<li key={row.id}>
							<CustomOrderCard row={row} {...options} />
						</li>
					))}
				</ul>
			)}
			{page > 1 || hasMore ? (
				<nav aria-label={`Páginas: ${title}`} className="mt-3 flex gap-2">
					{page > 1 ? (
						<Button asChild variant="outline" size="sm">
							<Link to={pageLink(page - 1)}>Anteriores</Link>
						</Button>
					) : null}
					{hasMore ? (
						<Button asChild variant="outline" size="sm">
							<Link to={pageLink(page + 1)}>Mais antigos</Link>
						</Button>
					) : null}
				</nav>
			) : null}
		</section>
	)
}

function stageBadge(stage: WorkStage | null, completed: boolean) {
	if (stage) return <Badge variant={stage === 'na_fila' ? 'secondary' : 'default'}>{WORK_STAGE_LABELS[stage]}</Badge>
	return <Badge variant={completed ? 'default' : 'secondary'}>{completed ? 'Finalizado' : 'Em Andamento'}</Badge>
}

function CustomOrderCard({ row, notesMax, trackingCodeMax }: { row: CustomOrderRow } & CardOptions) {
	const move = useFetcher<{ ok: boolean; message: string }>()
	// One tap shows its result at once; the loader's revalidation confirms (or undoes) it.
	const pendingTo = move.formData?.get('intent') === 'production' ? (move.formData.get('to') as WorkStage | null) : null
	const stage: WorkStage | null = pendingTo ?? row.stage
	const label = `${titleOf(row)}${row.order ? ` do pedido ${row.order.reference}` : ''}`
	return (
		<Card data-testid="pedido-personalizado">
			<CardContent className="space-y-4 pt-6">
				<div className="flex flex-wrap items-start justify-between gap-3">
					<div className="min-w-0">
						<h3 className="font-semibold">
							{titleOf(row)}
							{row.order ? <span className="block font-mono text-base">{row.order.reference}</span> : null}
						</h3>
						<p className="text-sm text-muted-foreground">{formatLongDate(row.createdAt)}</p>
					</div>
					<span data-testid="etapa-producao">{stageBadge(stage, row.completed)}</span>
				</div>
				<Facts
					className="text-sm"
					facts={[
						...workOrderDetails(row),
						[
							'Pedido da loja',
							row.order ? (
								<>
									<Link to={`/admin/pedidos/${row.order.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
										{row.order.reference}
									</Link>{' '}
									<span data-testid="status-pedido-loja">({ORDER_STATUS_LABELS[row.order.status]})</span>
								</>
							) : (
								'Ainda não finalizado no checkout'
							),
						],
						['Pago em', row.order?.paidAt ? formatDateTime(row.order.paidAt) : null],
						['Concluído em', row.completedAt ? formatDateTime(row.completedAt) : null],
						['Rastreio', row.order?.trackingCode ? <span className="font-mono">{row.order.trackingCode}</span> : null],
					]}
				/>
				{row.files.length > 0 || row.order ? (
					<div className="flex flex-wrap gap-2">
						{row.files.map((file) => (
							<FileDownloadButton
								key={file.field}
								href={`/admin/pedidos-personalizados/${row.id}/arquivo/${file.field}`}
								label={`Baixar ${file.label.toLowerCase()}`}
							/>
						))}
						{row.order ? (
							<Button asChild variant="outline" size="sm">
								<Link to={`/admin/pedidos-personalizados/${row.id}/ordem`} aria-label={`Ordem de produção: ${label}`}>
									<PrinterIcon aria-hidden="true" />
									Ordem de produção
								</Link>
							</Button>
						) : null}
					</div>
				) : null}
				{stage ? <ProductionControls row={row} stage={stage} fetcher={move} label={label} trackingCodeMax={trackingCodeMax} /> : null}
				<Notes row={row} notesMax={notesMax} />
			</CardContent>
		</Card>
	)
}

const NEXT_LABELS: Partial<Record<WorkStage, { text: string; icon: typeof PlayIcon }>> = {
	na_fila: { text: 'Iniciar produção', icon: PlayIcon },
	em_producao: { text: 'Marcar como pronto', icon: CheckCircle2Icon },
}
const BACK_LABELS: Partial<Record<WorkStage, string>> = { em_producao: 'Voltar para a fila', pronto: 'Voltar para produção' }

/** The one-tap production step, its undo, and, once ready, 'Enviado' with the tracking code. */
function ProductionControls({
	row,
	stage,
	fetcher,
	label,
	trackingCodeMax,
}: {
	row: CustomOrderRow
	stage: WorkStage
	fetcher: ReturnType<typeof useFetcher<{ ok: boolean; message: string }>>
	label: string
	trackingCodeMax: number
}) {
	const ship = useFetcher<{ ok: boolean; message: string }>()
	const next = NEXT_STAGE[stage]
	const back = PREVIOUS_STAGE[stage]
	const nextLabel = NEXT_LABELS[stage]
	const busy = fetcher.state !== 'idle'
	const trackingId = `rastreio-${row.id}`
	const shipError = ship.state === 'idle' && ship.data && !ship.data.ok ? ship.data.message : null
	const submit = (to: string) => void fetcher.submit({ intent: 'production', id: row.id, to }, { method: 'post' })
	return (
		<div className="space-y-3 rounded-md border border-dashed p-3">
			<p className="text-sm font-medium">
				Produção: <span data-testid="etapa-texto">{WORK_STAGE_LABELS[stage]}</span>
			</p>
			{next || back ? (
				<div className="flex flex-wrap gap-2">
					{next && nextLabel ? (
						<Button type="button" size="sm" disabled={busy} onClick={() => submit(next)} aria-label={`${nextLabel.text}: ${label}`}>
							<nextLabel.icon aria-hidden="true" />
							{nextLabel.text}
						</Button>
					) : null}
					{back ? (
						<Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => submit(back)} aria-label={`${BACK_LABELS[stage]}: ${label}`}>
							<Undo2Icon aria-hidden="true" />
							{BACK_LABELS[stage]}
						</Button>
					) : null}
				</div>
			) : null}
			{stage === 'pronto' && row.order ? (
				row.order.otherPiecesNotReady > 0 ? (
					<p className="text-sm text-muted-foreground">{PRODUCTION_MESSAGES.piecesPending}</p>
				) : (
					<ship.Form method="post" className="flex flex-wrap items-end gap-2">
						<input type="hidden" name="intent" value="ship" />
						<input type="hidden" name="id" value={row.id} />
						<div className="grid min-w-0 flex-1 gap-1">
							<label htmlFor={trackingId} className="text-sm font-medium">
								Código de rastreio
							</label>
							<Input
								id={trackingId}
								name="trackingCode"
								required
								maxLength={trackingCodeMax}
								autoComplete="off"
								aria-invalid={shipError ? true : undefined}
								aria-describedby={shipError ? `${trackingId}-erro` : undefined}
								className="min-w-0"
							/>
						</div>
						<Button type="submit" size="sm" disabled={ship.state !== 'idle'} aria-label={`Marcar como enviado: ${label}`}>
							<TruckIcon aria-hidden="true" />
							Marcar como enviado
						</Button>
						{shipError ? (
							<p id={`${trackingId}-erro`} role="alert" className="basis-full text-sm text-destructive">
								{shipError}
							</p>
						) : null}
					</ship.Form>
				)
			) : null}
		</div>
	)
}

function Notes({ row, notesMax }: { row: CustomOrderRow; notesMax: number }) {
	const fetcher = useFetcher<{ ok: boolean; message: string }>()
	const [editing, setEditing] = useState(false)
	const [draft, setDraft] = useState(row.notes ?? '')
	const result = fetcher.state === 'idle' ? fetcher.data : undefined
	const saving = fetcher.state !== 'idle'
	const notesId = `notas-${row.id}`
	// A saved note closes the editor; a refused one keeps it open with the text and the message.
	const [seenResult, setSeenResult] = useState<unknown>(undefined)
	const showEditor = editing && !(result?.ok && result !== seenResult)
	if (!showEditor) {
		return (
			<div className="rounded-md bg-muted/50 p-3 text-sm">
				<div className="flex items-center justify-between gap-2">
					<p className="font-medium">Observações</p>
					<Button
						type="button"
						variant="ghost"
						size="sm"
						onClick={() => {
							setDraft(row.notes ?? '')
							setSeenResult(fetcher.data)
							setEditing(true)
						}}
					>
						<PencilIcon aria-hidden="true" />
						Editar notas
					</Button>
				</div>
				<p className="mt-1 whitespace-pre-wrap text-muted-foreground">{row.notes ?? 'Sem observações.'}</p>
			</div>
		)
	}
	return (
		<fetcher.Form method="post" className="space-y-2">
			<input type="hidden" name="intent" value="notes" />
			<input type="hidden" name="id" value={row.id} />
			<label htmlFor={notesId} className="text-sm font-medium">
				Observações
			</label>
			<Textarea
				id={notesId}
				name="notes"
				rows={3}
				maxLength={notesMax}
				value={draft}
				onChange={(event) => setDraft(event.currentTarget.value)}
			/>
			{result && !result.ok ? (
				<p role="alert" className="text-sm text-destructive">
					{result.message}
				</p>
			) : null}
			<div className="flex gap-2">
				<Button type="submit" size="sm" disabled={saving}>
					<CheckCircle2Icon aria-hidden="true" />
					Salvar
				</Button>
				<Button type="button" size="sm" variant="outline" onClick={() => setEditing(false)}>
					Cancelar
				</Button>
			</div>
		</fetcher.Form>
	)
}
