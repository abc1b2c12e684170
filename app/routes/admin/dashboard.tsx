import {
	CircleAlertIcon,
	CircleCheckIcon,
	ClipboardListIcon,
	MailIcon,
	PackageIcon,
	PaletteIcon,
	ReceiptIcon,
	SettingsIcon,
	SparklesIcon,
	TicketPercentIcon,
} from '~/components/icons/lucide'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { type Shortcut, ShortcutCard } from '~/components/ui/shortcut-card'
import { requireAdmin } from '~/server/auth/guards.server'
import { RevenueChart } from '~/components/admin/revenue-chart'
import type { ReadinessItem } from '~/server/admin/readiness.server'
import { loadShopReadiness } from '~/server/admin/readiness-input.server'
import { dailyRevenue, salesWindows, type SalesWindow, type Waiting, waitingForOwner } from '~/server/admin-dashboard/sales.server'
import { latestCustomOrders } from '~/server/personalization/custom-orders.server'
import { titleOf } from '~/utils/custom-order-view'
import { formatLongDate, formatMoney, formatPercent } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { WORK_STAGE_LABELS } from '~/utils/production-status'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Painel Administrativo', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	// Every loader checks for itself; the layout's check is not relied upon.
	await requireAdmin(request)
	const [latest, windows, daily, waiting, readiness] = await Promise.all([
		latestCustomOrders(5),
		salesWindows(),
		dailyRevenue(),
		waitingForOwner(),
		loadShopReadiness(),
	])
	return { latest, windows, daily, waiting, readiness }
}

/**
 * The dashboard's shortcut cards (document 001 §2 'Admin area'). A card becomes a link once its
 * page exists: the issue that builds the page adds `to`.
 */
const SHORTCUTS: readonly Shortcut[] = [
	{
		title: 'Bandanas',
		description: 'Cores e preços da personalização de bandanas.',
		icon: SparklesIcon,
		to: '/admin/personalizacao/bandanas',
	},
	{
		title: 'Colares',
		description: 'Preço base e cores dos colares personalizados.',
		icon: PaletteIcon,
		to: '/admin/personalizacao/colares',
	},
	{
		title: 'Pedidos Personalizados',
		description: 'Acompanhe e conclua os pedidos personalizados.',
		icon: ClipboardListIcon,
		to: '/admin/pedidos-personalizados',
	},
	{ title: 'Atacado', description: 'Faixas de quantidade e preços de atacado.', icon: PackageIcon, to: '/admin/atacado' },
	{ title: 'Pedidos', description: 'Pagamento, produção, envio e entrega dos pedidos da loja.', icon: ReceiptIcon, to: '/admin/pedidos' },
	{ title: 'Cupons', description: 'Crie cupons e importe os da loja antiga.', icon: TicketPercentIcon, to: '/admin/cupons' },
	{ title: 'E-mails', description: 'Mensagens enviadas pela loja (caixa de saída).', icon: MailIcon, to: '/admin/emails' },
	{ title: 'Configurações', description: 'Dados da loja, PIX, frete e brinde.', icon: SettingsIcon, to: '/admin/configuracoes' },
]

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
	return (
		<main className="mx-auto w-full max-w-6xl p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">Painel Administrativo</h1>
			<p className="mt-1 text-muted-foreground">Vendas, o que espera por você e atalhos para as áreas da loja.</p>
			<Readiness items={loaderData.readiness} />
			<SalesSummary windows={loaderData.windows} />
			<section aria-labelledby="grafico-titulo" className="mt-6 rounded-lg border p-4">
				<h2 id="grafico-titulo" className="mb-3 text-lg font-semibold">
					Faturamento por dia
				</h2>
				<RevenueChart days={loaderData.daily} />
			</section>
			<WaitingList waiting={loaderData.waiting} />
			<ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				{SHORTCUTS.map((item) => (
					<li key={item.title}>
						<ShortcutCard item={item} />
					</li>
				))}
			</ul>
			<section aria-labelledby="recentes-titulo" className="mt-10">
				<div className="flex items-center justify-between gap-4">
					<h2 id="recentes-titulo" className="text-lg font-semibold">
						Pedidos personalizados recentes
					</h2>
					<Link to="/admin/pedidos-personalizados" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
						Ver Todos
					</Link>
				</div>
				{loaderData.latest.length === 0 ? (
					<p className="mt-2 text-sm text-muted-foreground">Nenhum pedido personalizado pago ainda.</p>
				) : (
					<ul className="mt-3 divide-y rounded-lg border">
						{loaderData.latest.map((row) => (
							<li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm" data-testid="personalizado-recente">
								<span className="min-w-0">
									<span className="font-medium">{titleOf(row)}</span>
									<span className="block text-muted-foreground [overflow-wrap:anywhere]">
										{row.order ? `${row.order.reference} · ` : ''}
										{formatLongDate(row.order?.paidAt ?? row.createdAt)}
										{row.size ? ` · ${row.size}` : ''}
										{row.colour ? ` · ${row.colour}` : ''}
									</span>
								</span>
								<span className="flex items-center gap-3">
									<span>{formatMoney(row.totalCents)}</span>
									<Badge variant={row.stage === 'na_fila' ? 'secondary' : 'default'}>
										{row.stage ? WORK_STAGE_LABELS[row.stage] : row.completed ? 'Finalizado' : 'Em Andamento'}
									</Badge>
								</span>
							</li>
						))}
					</ul>
				)}
			</section>
		</main>
	)
}

/**
 * 'Sua loja está pronta para vender?' (issue 30, decision 105): each item's state, computed on the
 * server from the shop's real settings, environment and catalogue, with a link to where it is fixed.
 * Once everything is done it folds into one line.
 */
function Readiness({ items }: { items: readonly ReadinessItem[] }) {
	const done = items.filter((item) => item.done).length
	const ready = done === items.length
	return (
		<section aria-labelledby="pronta-titulo" className="mt-6 rounded-lg border p-4" data-testid="pronta-para-vender">
			<details open={!ready}>
				<summary className="cursor-pointer rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring">
					<h2 id="pronta-titulo" className="inline text-lg font-semibold">
						Sua loja está pronta para vender?
					</h2>
					<span className="ml-2 text-sm text-muted-foreground">
						{ready ? 'Tudo pronto!' : `${done} de ${items.length} itens prontos`}
					</span>
				</summary>
				<ul className="mt-3 divide-y">
					{items.map((item) => (
						<li key={item.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 py-3" data-testid="item-pronta" data-pronto={item.done}>
							{item.done ? (
								<CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
							) : (
								<CircleAlertIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700 dark:text-amber-400" />
							)}
							<div className="min-w-0 flex-1 basis-56">
								<p className="font-medium">
									{item.title}
									<span className="sr-only">{item.done ? ': pronto.' : ': falta fazer.'}</span>
								</p>
								<p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{item.detail}</p>
								{item.installerHint && !item.done ? (
									<p className="mt-1 text-xs text-muted-foreground [overflow-wrap:anywhere]">Para quem instalou a loja: {item.installerHint}.</p>
								) : null}
							</div>
							<Link
								to={item.to}
								className="ml-8 text-sm font-medium text-primary underline-offset-4 hover:underline sm:ml-0"
								aria-label={`${item.done ? 'Ver' : item.action}: ${item.title}`}
							>
								{item.done ? 'Ver' : item.action}
							</Link>
						</li>
					))}
				</ul>
			</details>
		</section>
	)
}

/** Revenue, paid orders, average ticket and conversion for today, 7 and 30 days; each links to the orders. */
function SalesSummary({ windows }: { windows: readonly SalesWindow[] }) {
	return (
		<section aria-labelledby="vendas-titulo" className="mt-6">
			<h2 id="vendas-titulo" className="sr-only">
				Vendas
			</h2>
			<ul className="grid gap-3 md:grid-cols-3">
				{windows.map((w) => (
					<li key={w.key} className="rounded-lg border p-4" data-testid={`vendas-${w.key}`}>
						<p className="text-sm text-muted-foreground">{w.label}</p>
						<p className="text-2xl font-bold">
							<Link to="/admin/pedidos" className="underline-offset-4 hover:underline">
								{formatMoney(w.revenueCents)}
							</Link>
						</p>
						<dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
							<div>
								<dt className="text-muted-foreground">Pedidos</dt>
								<dd className="font-semibold">{w.orders.toLocaleString('pt-BR')}</dd>
							</div>
							<div>
								<dt className="text-muted-foreground">Ticket médio</dt>
								<dd className="font-semibold">{formatMoney(w.averageCents)}</dd>
							</div>
							<div>
								<dt className="text-muted-foreground">Conversão</dt>
								<dd className="font-semibold">{w.conversion === null ? '—' : formatPercent(w.conversion * 100)}</dd>
							</div>
						</dl>
					</li>
				))}
			</ul>
		</section>
	)
}

/** What waits for the owner, each count a link to its list. */
function WaitingList({ waiting }: { waiting: Waiting }) {
	const items = [
		['Aguardando pagamento', waiting.awaitingPayment, '/admin/pedidos?status=aguardando_pagamento'],
		['Para produzir e enviar', waiting.toShip, '/admin/pedidos?status=pago'],
		['Personalizados em andamento', waiting.openCustomOrders, '/admin/pedidos-personalizados'],
		['Estoque baixo', waiting.lowStock, '/admin/estoque'],
		['Avaliações pendentes', waiting.pendingReviews, '/admin/avaliacoes?filtro=pendentes'],
		['Fotos pendentes', waiting.pendingPhotos, '/admin/fotos'],
	] as const
	return (
		<section aria-labelledby="pendencias-titulo" className="mt-6">
			<h2 id="pendencias-titulo" className="mb-3 text-lg font-semibold">
				Esperando por você
			</h2>
			<ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6">
				{items.map(([label, count, to]) => (
					<li key={label}>
						<Link to={to} className="block rounded-lg border p-3 hover:bg-accent" data-testid="pendencia">
							<span className="block text-2xl font-bold">{count.toLocaleString('pt-BR')}</span>
							<span className="text-xs text-muted-foreground">{label}</span>
						</Link>
					</li>
				))}
			</ul>
		</section>
	)
}
