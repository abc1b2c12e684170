import { HeartIcon, PaletteIcon, ShieldIcon, ShoppingBagIcon, TrophyIcon } from '~/components/icons/lucide'
import { Link } from 'react-router'
import { Card, CardContent } from '~/components/ui/card'
import { type Shortcut, ShortcutCard } from '~/components/ui/shortcut-card'
import { ReferralCard } from '~/components/account/referral-card'
import { dashboardOf } from '~/server/account/dashboard.server'
import { publicUrl } from '~/server/env.server'
import { referralCodeOf } from '~/server/loyalty/referrals.server'
import { getStoreSettings } from '~/server/settings.server'
import { requireUser } from '~/server/auth/guards.server'
import { formatDate, formatMoney } from '~/utils/format'
import { levelCardText } from '~/utils/level-progress'
import { ORDER_STATUS_LABELS } from '~/utils/order-status'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/dashboard'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Minha Conta', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	// Every loader checks for itself; the layout's check is not relied upon.
	const user = await requireUser(request)
	const [summary, code, settings] = await Promise.all([dashboardOf(user.id), referralCodeOf(user.id), getStoreSettings()])
	return {
		firstName: firstNameOf(user),
		isAdmin: user.isAdmin,
		summary,
		referral: { url: `${publicUrl()}/auth?ref=${code}`, points: settings.loyaltyPoints.referral, friendsPaid: summary.friendsPaid },
	}
}

/** 'Maria Silva' → 'Maria'; without a name, null: the greeting is then 'Olá!' (never the e-mail's prefix, issue 31). */
function firstNameOf(user: { fullName: string | null }): string | null {
	const name = user.fullName?.trim()
	if (!name) return null
	return name.split(/\s+/)[0] ?? name
}

const SHORTCUTS: readonly Shortcut[] = [
	{ to: '/', title: 'Ver produtos', description: 'Bandanas, colares, lacinhos e muito mais.', icon: ShoppingBagIcon },
	{ to: '/personalize', title: 'Crie sua bandana', description: 'Personalize com o nome e a cor favorita do seu pet.', icon: PaletteIcon },
	{ to: '/assinaturas', title: 'Assinaturas', description: 'Novidades todo mês com frete grátis.', icon: HeartIcon },
]

/** The customer's landing page: level card, counts, latest badges and order (document 001 §2), shortcuts. */
export default function AccountDashboard({ loaderData }: Route.ComponentProps) {
	const shortcuts = loaderData.isAdmin
		? [...SHORTCUTS, { to: '/admin', title: 'Painel administrativo', description: 'Gerencie a loja.', icon: ShieldIcon }]
		: SHORTCUTS
	return (
		<main className="mx-auto w-full max-w-5xl p-4 md:p-8">
			<h1 className="text-2xl font-bold break-words md:text-3xl">{loaderData.firstName ? `Olá, ${loaderData.firstName}!` : 'Olá!'}</h1>
			<p className="mt-1 text-muted-foreground">Bem-vindo(a) à sua área. O que vamos fazer hoje?</p>
			<Summary summary={loaderData.summary} />
			<div className="mt-4 lg:w-1/2">
				<ReferralCard {...loaderData.referral} />
			</div>
			<ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{shortcuts.map((item) => (
					<li key={item.title}>
						<ShortcutCard item={item} />
					</li>
				))}
			</ul>
		</main>
	)
}

function Summary({ summary }: { summary: Route.ComponentProps['loaderData']['summary'] }) {
	const { level, counts, latestBadges, latestOrder } = summary
	const percent = level.percent
	return (
		<div className="mt-6 grid gap-4 lg:grid-cols-3">
			<Card className="lg:col-span-2">
				<CardContent className="space-y-3 pt-6">
					<div className="flex items-center gap-3">
						<TrophyIcon className="size-7 text-primary" aria-hidden="true" />
						<div>
							<p className="text-sm text-muted-foreground">Nível {level.level}</p>
							<p className="text-lg font-bold">{level.name}</p>
						</div>
						<p className="ml-auto text-right">
							<span className="block text-xl font-bold" data-testid="dashboard-pontos">
								{level.totalPoints.toLocaleString('pt-BR')}
							</span>
							<span className="text-sm text-muted-foreground">pontos</span>
						</p>
					</div>
					<div
						role="progressbar"
						aria-label="Progresso no nível"
						aria-valuemin={0}
						aria-valuemax={100}
						aria-valuenow={percent}
						className="h-2 overflow-hidden rounded-full bg-muted"
					>
						<div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
					</div>
					<p className="text-sm text-muted-foreground">{levelCardText(level)}</p>
					<dl className="grid grid-cols-3 gap-2 text-center">
						{(
							[
								['Pedidos', counts.orders, '/user/orders'],
								['Fotos', counts.photos, '/user/photos'],
								['Badges', counts.badges, '/user/rewards'],
							] as const
						).map(([label, value, to]) => (
							<div key={label} className="rounded-md bg-muted/50 p-2">
								<dt className="text-xs text-muted-foreground">
									<Link to={to} className="underline-offset-4 hover:underline">
										{label}
									</Link>
								</dt>
								<dd className="text-lg font-bold">{value}</dd>
							</div>
						))}
					</dl>
				</CardContent>
			</Card>
			<Card>
				<CardContent className="space-y-4 pt-6 text-sm">
					<div>
						<h2 className="font-semibold">Último pedido</h2>
						{latestOrder ? (
							<p className="mt-1">
								<Link to={`/pedido/${latestOrder.reference}`} className="font-medium text-primary underline-offset-4 hover:underline">
									{latestOrder.reference}
								</Link>{' '}
								· {ORDER_STATUS_LABELS[latestOrder.status]} · {formatMoney(latestOrder.totalCents)}
							</p>
						) : (
							<p className="mt-1 text-muted-foreground">Nenhum pedido ainda.</p>
						)}
					</div>
					<div>
						<h2 className="font-semibold">Badges recentes</h2>
						{latestBadges.length === 0 ? (
							<p className="mt-1 text-muted-foreground">Nenhuma badge ainda.</p>
						) : (
							<ul className="mt-1 space-y-1">
								{latestBadges.map((badge) => (
									<li key={badge.name}>
										<span aria-hidden="true">{badge.icon}</span> {badge.name}{' '}
										<span className="text-muted-foreground">· {formatDate(badge.earnedAt)}</span>
									</li>
								))}
							</ul>
						)}
					</div>
				</CardContent>
			</Card>
		</div>
	)
}
