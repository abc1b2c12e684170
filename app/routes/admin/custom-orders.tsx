import { CheckCircle2Icon, DownloadIcon, PencilIcon } from 'lucide-react'
import { useState } from 'react'
import { data, Link, useFetcher, useSearchParams } from 'react-router'
import { z } from 'zod'
import { AdminPage } from '~/components/admin/admin-page'
import type { LiveChannelsHandle } from '~/components/shop/live-updates'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Switch } from '~/components/ui/switch'
import { Textarea } from '~/components/ui/textarea'
import { requireAdmin } from '~/server/auth/guards.server'
import {
	CUSTOM_ORDER_MESSAGES,
	CUSTOM_ORDERS_PAGE_SIZE,
	type CustomOrderRow,
	NOTES_MAX,
	customOrderCounts,
	listCustomOrders,
	saveCustomOrderNotes,
	setCustomOrderCompleted,
} from '~/server/personalization/custom-orders.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders } from '~/server/toast.server'
import { formatDateTime, formatLongDate, formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import type { Route } from './+types/custom-orders'

/**
 * /admin/pedidos-personalizados (document 001 §2 'Custom orders admin'): counts, 'Pedidos Não
 * Concluídos' and 'Pedidos Concluídos', notes, files, the completion toggle, and the shop order
 * each piece belongs to. Follows changes made in another tab (admin:orders channel).
 */

export const handle: LiveChannelsHandle = { liveChannels: ['admin:orders'] }

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Pedidos Personalizados', matches) }]

const pageSchema = z.coerce.number().int().min(1).max(10_000).catch(1)

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const url = new URL(request.url)
	const pendingPage = pageSchema.parse(url.searchParams.get('pendentes') ?? 1)
	const donePage = pageSchema.parse(url.searchParams.get('concluidos') ?? 1)
	const [counts, pending, done] = await Promise.all([
		customOrderCounts(),
		listCustomOrders({ completed: false, page: pendingPage }),
		listCustomOrders({ completed: true, page: donePage }),
	])
	return { counts, pending, done, pendingPage, donePage, pageSize: CUSTOM_ORDERS_PAGE_SIZE, notesMax: NOTES_MAX }
}

const actionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('complete'), id: z.uuid(), completed: z.enum(['true', 'false']) }),
	z.object({ intent: z.literal('notes'), id: z.uuid(), notes: z.string().max(20_000).default('') }),
])

export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const form = Object.fromEntries([...(await readFormData(request))].filter((e): e is [string, string] => typeof e[1] === 'string'))
	const parsed = actionSchema.safeParse(form)
	if (!parsed.success) return data({ ok: false, message: 'Ação inválida.' }, { status: 400 })
	const input = parsed.data
	const result =
		input.intent === 'complete'
			? await setCustomOrderCompleted(input.id, input.completed === 'true')
			: await saveCustomOrderNotes(input.id, input.notes)
	const failure = input.intent === 'complete' ? CUSTOM_ORDER_MESSAGES.updateFailed : CUSTOM_ORDER_MESSAGES.notesFailed
	const headers = createToastHeaders(
		result.ok ? { type: 'success', title: result.message } : { type: 'error', title: failure, description: result.message },
	)
	return data(result, { status: result.ok ? 200 : 400, headers })
}

export default function CustomOrders({ loaderData }: Route.ComponentProps) {
	const { counts, pending, done, pendingPage, donePage, pageSize } = loaderData
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
					<div key={label} className="rounded-lg border p-4">
						<dt className="text-sm text-muted-foreground">{label}</dt>
						<dd className="text-2xl font-bold" data-testid={`contagem-${label.toLowerCase()}`}>
							{value}
						</dd>
					</div>
				))}
			</dl>
			<OrderSection
				title="Pedidos Não Concluídos"
				rows={pending}
				page={pendingPage}
				hasMore={pending.length === pageSize}
				param="pendentes"
				notesMax={loaderData.notesMax}
			/>
			<OrderSection
				title="Pedidos Concluídos"
				rows={done}
				page={donePage}
				hasMore={done.length === pageSize}
				param="concluidos"
				notesMax={loaderData.notesMax}
			/>
		</AdminPage>
	)
}

function OrderSection({
	title,
	rows,
	page,
	hasMore,
	param,
	notesMax,
}: {
	title: string
	rows: CustomOrderRow[]
	page: number
	hasMore: boolean
	param: string
	notesMax: number
}) {
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
			{rows.length === 0 ? (
				<p className="mt-2 text-sm text-muted-foreground">Nenhum pedido aqui.</p>
			) : (
				<ul className="mt-3 space-y-4">
					{rows.map((row) => (
						<li key={row.id}>
							<CustomOrderCard row={row} notesMax={notesMax} />
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

function titleOf(row: CustomOrderRow): string {
	const piece = row.productType === 'bandana' ? 'Bandana Personalizada' : 'Colar Personalizado'
	return row.wholesale ? `Atacado — ${piece}` : piece
}

function CustomOrderCard({ row, notesMax }: { row: CustomOrderRow; notesMax: number }) {
	const toggle = useFetcher<{ ok: boolean; message: string }>()
	const completed = toggle.formData ? toggle.formData.get('completed') === 'true' : row.completed
	const details: [string, string][] = [
		['Cor', row.colour ?? '—'],
		...(row.quantity > 1 ? ([['Quantidade', String(row.quantity)]] as [string, string][]) : []),
		...(row.petName ? ([['Nome do pet', row.petName]] as [string, string][]) : []),
		...(row.petInstagram ? ([['Instagram', `@${row.petInstagram}`]] as [string, string][]) : []),
		...(row.sideName ? ([['Nome lateral', row.sideName]] as [string, string][]) : []),
		...(row.artTitle ? ([['Arte pronta', row.artTitle]] as [string, string][]) : []),
		...(row.accessoryTitle ? ([['Acessório', row.accessoryTitle]] as [string, string][]) : []),
		...(row.extras.length > 0 ? ([['Extras', row.extras.join(', ')]] as [string, string][]) : []),
		['Total', formatMoney(row.totalCents)],
		['Cliente', row.customerEmail ?? 'Visitante sem conta'],
	]
	return (
		<Card data-testid="pedido-personalizado">
			<CardContent className="space-y-4 pt-6">
				<div className="flex flex-wrap items-start justify-between gap-3">
					<div>
						<h3 className="font-semibold">{titleOf(row)}</h3>
						<p className="text-sm text-muted-foreground">{formatLongDate(row.createdAt)}</p>
					</div>
					<div className="flex items-center gap-2">
						<Badge variant={completed ? 'default' : 'secondary'}>{completed ? 'Finalizado' : 'Em Andamento'}</Badge>
						<Switch
							checked={completed}
							aria-label={`Pedido concluído: ${titleOf(row)} de ${formatLongDate(row.createdAt)}`}
							onCheckedChange={(checked) =>
								void toggle.submit({ intent: 'complete', id: row.id, completed: String(checked) }, { method: 'post' })
							}
						/>
					</div>
				</div>
				<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [&_dd]:[overflow-wrap:anywhere]">
					{details.map(([term, value]) => (
						<div key={term} className="contents">
							<dt className="text-muted-foreground">{term}</dt>
							<dd>{value}</dd>
						</div>
					))}
					<dt className="text-muted-foreground">Pedido da loja</dt>
					<dd>
						{row.order ? (
							<>
								<Link to={`/admin/pedidos/${row.order.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
									{row.order.reference}
								</Link>{' '}
								<span data-testid="status-pedido-loja">({ORDER_STATUS_LABELS[row.order.status]})</span>
							</>
						) : (
							'Ainda não finalizado no checkout'
						)}
					</dd>
					{row.completedAt ? (
						<>
							<dt className="text-muted-foreground">Concluído em</dt>
							<dd>{formatDateTime(row.completedAt)}</dd>
						</>
					) : null}
				</dl>
				{row.files.length > 0 ? (
					<div className="flex flex-wrap gap-2">
						{row.files.map((file) => (
							<Button key={file.field} asChild variant="outline" size="sm">
								<a href={`/admin/pedidos-personalizados/${row.id}/arquivo/${file.field}`} download>
									<DownloadIcon aria-hidden="true" />
									Baixar {file.label.toLowerCase()}
								</a>
							</Button>
						))}
					</div>
				) : null}
				<Notes row={row} notesMax={notesMax} />
			</CardContent>
		</Card>
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
