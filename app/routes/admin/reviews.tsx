import { CheckIcon, EyeIcon, StarIcon, Trash2Icon, XIcon } from '~/components/icons/lucide'
import { useState } from 'react'
import { data, Link, useFetcher } from 'react-router'
import { z } from 'zod'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import type { LiveChannelsHandle } from '~/components/shop/live-updates'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { requireAdmin } from '~/server/auth/guards.server'
import { actorOf } from '~/server/activity/record.server'
import { readFormData } from '~/server/read-form.server'
import {
	type AdminReview,
	REVIEW_ADMIN_MESSAGES,
	REVIEWS_PAGE_SIZE,
	deleteReview,
	listReviewsForAdmin,
	reviewFilterSchema,
	reviewStats,
} from '~/server/reviews-admin.server'
import { setReviewApproval } from '~/server/reviews.server'
import { createToastHeaders } from '~/server/toast.server'
import { cn } from '~/utils/cn'
import { formatDateTime } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/reviews'

/**
 * /admin/avaliacoes (document 001 §2 'Reviews admin'): stats, Todas / Pendentes / Aprovadas,
 * the table, a detail dialog, approve or reject (approval publishes the review on the product
 * page and the home section, and awards a signed-in reviewer +50 once) and delete after the
 * documents' confirmation.
 */

export const handle: LiveChannelsHandle = { liveChannels: ['admin:reviews'] }

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Avaliações', matches) }]

const FILTER_LABELS = { todas: 'Todas', pendentes: 'Pendentes', aprovadas: 'Aprovadas' } as const

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const url = new URL(request.url)
	const filter = reviewFilterSchema.parse(url.searchParams.get('filtro') ?? 'todas')
	const page = z.coerce
		.number()
		.int()
		.min(1)
		.max(10_000)
		.catch(1)
		.parse(url.searchParams.get('pagina') ?? 1)
	const [stats, rows] = await Promise.all([reviewStats(), listReviewsForAdmin(filter, page)])
	return { stats, rows, filter, page, hasMore: rows.length === REVIEWS_PAGE_SIZE, confirmText: REVIEW_ADMIN_MESSAGES.deleteConfirm }
}

const actionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('approve'), id: z.uuid(), approved: z.enum(['true', 'false']) }),
	z.object({ intent: z.literal('delete'), id: z.uuid() }),
])

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = Object.fromEntries([...(await readFormData(request))].filter((e): e is [string, string] => typeof e[1] === 'string'))
	const parsed = actionSchema.safeParse(form)
	if (!parsed.success)
		return data(
			{ ok: false },
			{
				status: 400,
				headers: createToastHeaders({ type: 'error', title: REVIEW_ADMIN_MESSAGES.updateFailed, description: 'Ação inválida.' }),
			},
		)
	if (parsed.data.intent === 'delete') {
		const ok = await deleteReview(parsed.data.id, actorOf(admin, context))
		const toast = ok
			? { type: 'success' as const, title: REVIEW_ADMIN_MESSAGES.deleted }
			: { type: 'error' as const, title: REVIEW_ADMIN_MESSAGES.deleteFailed, description: REVIEW_ADMIN_MESSAGES.notFound }
		return data({ ok }, { status: ok ? 200 : 404, headers: createToastHeaders(toast) })
	}
	const approved = parsed.data.approved === 'true'
	const ok = await setReviewApproval(parsed.data.id, approved, actorOf(admin, context))
	const toast = ok
		? { type: 'success' as const, title: approved ? REVIEW_ADMIN_MESSAGES.approved : REVIEW_ADMIN_MESSAGES.rejected }
		: { type: 'error' as const, title: REVIEW_ADMIN_MESSAGES.updateFailed, description: REVIEW_ADMIN_MESSAGES.notFound }
	return data({ ok }, { status: ok ? 200 : 404, headers: createToastHeaders(toast) })
}

function Stars({ rating }: { rating: number }) {
	return (
		<span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} de 5 estrelas`}>
			{[1, 2, 3, 4, 5].map((n) => (
				<StarIcon
					key={n}
					aria-hidden="true"
					className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
				/>
			))}
		</span>
	)
}

export default function ReviewsAdmin({ loaderData }: Route.ComponentProps) {
	const { stats, rows, filter, page, hasMore, confirmText } = loaderData
	const [detail, setDetail] = useState<AdminReview | null>(null)
	return (
		<AdminPage title="Avaliações" description="Aprove as avaliações para publicá-las na página do produto e na página inicial.">
			<dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
				{(
					[
						['Total', String(stats.total)],
						['Pendentes', String(stats.pending)],
						['Aprovadas', String(stats.approved)],
						['Nota média', stats.average === null ? '—' : stats.average.toLocaleString('pt-BR')],
					] as const
				).map(([label, value]) => (
					<div key={label} className="rounded-lg border p-4">
						<dt className="text-sm text-muted-foreground">{label}</dt>
						<dd className="text-2xl font-bold">{value}</dd>
					</div>
				))}
			</dl>
			<nav aria-label="Filtrar avaliações" className="mt-6 flex flex-wrap gap-2">
				{(Object.keys(FILTER_LABELS) as (keyof typeof FILTER_LABELS)[]).map((key) => (
					<Button key={key} asChild size="sm" variant={filter === key ? 'default' : 'outline'}>
						<Link to={`?filtro=${key}`} aria-current={filter === key ? 'page' : undefined}>
							{FILTER_LABELS[key]}
						</Link>
					</Button>
				))}
			</nav>
			<div className="mt-4">
				{rows.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhuma avaliação aqui.</p>
				) : (
					// Issue 30: a table from md up; below it each review is a card with its approve button one tap away.
					<TableBox label="Avaliações" className="max-md:overflow-visible max-md:rounded-none max-md:border-0">
						<table className="w-full text-sm max-md:block">
							<thead className="bg-muted/50 max-md:hidden">
								<tr>
									<th className={th} scope="col">
										Cliente
									</th>
									<th className={th} scope="col">
										Produto
									</th>
									<th className={th} scope="col">
										Nota
									</th>
									<th className={th} scope="col">
										Data
									</th>
									<th className={th} scope="col">
										Status
									</th>
									<th className={th} scope="col">
										Ações
									</th>
								</tr>
							</thead>
							<tbody className="divide-y max-md:grid max-md:gap-3 max-md:divide-y-0">
								{rows.map((row) => (
									<ReviewRow key={row.id} row={row} onOpen={() => setDetail(row)} confirmText={confirmText} />
								))}
							</tbody>
						</table>
					</TableBox>
				)}
				{page > 1 || hasMore ? (
					<nav aria-label="Páginas" className="mt-3 flex gap-2">
						{page > 1 ? (
							<Button asChild size="sm" variant="outline">
								<Link to={`?filtro=${filter}&pagina=${page - 1}`}>Anteriores</Link>
							</Button>
						) : null}
						{hasMore ? (
							<Button asChild size="sm" variant="outline">
								<Link to={`?filtro=${filter}&pagina=${page + 1}`}>Mais antigas</Link>
							</Button>
						) : null}
					</nav>
				) : null}
			</div>
			<Dialog open={detail !== null} onOpenChange={(open) => (open ? null : setDetail(null))}>
				<DialogContent>
					{detail ? (
						<>
							<DialogHeader>
								<DialogTitle>Avaliação de {detail.customerName}</DialogTitle>
								<DialogDescription>
									{detail.productName} · {formatDateTime(detail.createdAt)}
								</DialogDescription>
							</DialogHeader>
							<Stars rating={detail.rating} />
							<p className="text-sm whitespace-pre-wrap">{detail.comment ?? 'Sem comentário.'}</p>
							<p className="text-xs text-muted-foreground">
								{detail.customerEmail}
								{detail.signedIn ? ' · cliente com conta' : ''}
							</p>
							<DialogFooter>
								{detail.productHandle ? (
									<Button asChild variant="outline">
										<Link to={`/produto/${detail.productHandle}`}>Ver produto</Link>
									</Button>
								) : null}
							</DialogFooter>
						</>
					) : null}
				</DialogContent>
			</Dialog>
		</AdminPage>
	)
}

function ReviewRow({ row, onOpen, confirmText }: { row: AdminReview; onOpen: () => void; confirmText: string }) {
	const fetcher = useFetcher<{ ok: boolean }>()
	const pendingApproval = fetcher.formData?.get('intent') === 'approve' ? fetcher.formData.get('approved') === 'true' : row.isApproved
	if (fetcher.formData?.get('intent') === 'delete') return null
	return (
		<tr
			data-testid="linha-avaliacao"
			className="max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-lg max-md:border max-md:p-3"
		>
			<td className={cn(td, 'max-md:col-start-1 max-md:row-start-1 max-md:p-0 max-md:font-medium')}>
				{/* Issue 30: each card (row) is a heading, so a screen reader goes from review to review. */}
				<span role="heading" aria-level={2}>
					<span className="sr-only">Avaliação de </span>
					{row.customerName}
				</span>
			</td>
			<td className={cn(td, 'max-md:col-span-2 max-md:row-start-2 max-md:p-0 max-md:[overflow-wrap:anywhere]')}>{row.productName}</td>
			<td className={cn(td, 'max-md:col-start-1 max-md:row-start-3 max-md:p-0')}>
				<Stars rating={row.rating} />
			</td>
			<td className={cn(td, 'whitespace-nowrap max-md:col-start-2 max-md:row-start-3 max-md:p-0 max-md:text-xs max-md:text-muted-foreground')}>
				{formatDateTime(row.createdAt)}
			</td>
			<td className={cn(td, 'max-md:col-start-2 max-md:row-start-1 max-md:p-0 max-md:text-right')}>
				<Badge variant={pendingApproval ? 'default' : 'secondary'}>{pendingApproval ? 'Aprovada' : 'Pendente'}</Badge>
			</td>
			<td className={cn(td, 'whitespace-nowrap max-md:col-span-2 max-md:row-start-4 max-md:p-0 max-md:pt-2')}>
				<div className="flex gap-1">
					<Button type="button" size="icon-sm" variant="ghost" aria-label={`Ver a avaliação de ${row.customerName}`} onClick={onOpen}>
						<EyeIcon aria-hidden="true" />
					</Button>
					<Button
						type="button"
						size="sm"
						variant="outline"
						className="max-md:flex-1"
						onClick={() => void fetcher.submit({ intent: 'approve', id: row.id, approved: String(!pendingApproval) }, { method: 'post' })}
					>
						{pendingApproval ? <XIcon aria-hidden="true" /> : <CheckIcon aria-hidden="true" />}
						{pendingApproval ? 'Reprovar' : 'Aprovar'}
					</Button>
					<Button
						type="button"
						size="icon-sm"
						variant="ghost"
						aria-label={`Deletar a avaliação de ${row.customerName}`}
						onClick={() => {
							if (window.confirm(confirmText)) void fetcher.submit({ intent: 'delete', id: row.id }, { method: 'post' })
						}}
					>
						<Trash2Icon aria-hidden="true" />
					</Button>
				</div>
			</td>
		</tr>
	)
}
