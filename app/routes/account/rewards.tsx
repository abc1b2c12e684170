import { Badge } from '~/components/ui/badge'
import { Card, CardContent } from '~/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { type BadgeCard, badgesOf } from '~/server/account/rewards.server'
import { requireUser } from '~/server/auth/guards.server'
import { cn } from '~/utils/cn'
import { formatDate } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/rewards'

/** /user/rewards 'Recompensas' (document 001 §2): Todas / Conquistadas / Disponíveis, badge cards with the earned date. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Recompensas', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	return { badges: await badgesOf(user.id) }
}

const TIER_LABELS = { bronze: 'Bronze', prata: 'Prata', ouro: 'Ouro', diamante: 'Diamante' } as const

function BadgeGrid({ badges, empty }: { badges: BadgeCard[]; empty: string | null }) {
	if (badges.length === 0) return <p className="py-6 text-center text-muted-foreground">{empty}</p>
	return (
		<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
			{badges.map((badge) => (
				<li key={badge.id}>
					{/* Not yet earned: a dashed border and a grey icon, never faded text (issue 31: WCAG 1.4.3). */}
					<Card className={cn('h-full', badge.earnedAt ? 'border-primary' : 'border-dashed')} data-testid="badge-card">
						<CardContent className="flex h-full flex-col gap-2 pt-6">
							<div className="flex items-center gap-3">
								<span className={cn('text-3xl', badge.earnedAt ? null : 'grayscale')} aria-hidden="true">
									{badge.icon}
								</span>
								<div>
									{/* h2 under the page's h1 (issue 31: no skipped heading level). */}
									<h2 className="font-semibold">{badge.name}</h2>
									<Badge variant="secondary">{TIER_LABELS[badge.tier]}</Badge>
								</div>
							</div>
							<p className="text-sm text-muted-foreground">{badge.description}</p>
							{badge.pointsReward > 0 ? <p className="text-sm">+{badge.pointsReward} pontos</p> : null}
							<p className="mt-auto text-sm font-medium">
								{badge.earnedAt ? `Conquistada em ${formatDate(badge.earnedAt)}` : 'Disponível'}
							</p>
						</CardContent>
					</Card>
				</li>
			))}
		</ul>
	)
}

export default function Rewards({ loaderData }: Route.ComponentProps) {
	const earned = loaderData.badges.filter((b) => b.earnedAt !== null)
	const available = loaderData.badges.filter((b) => b.earnedAt === null)
	return (
		<main className="mx-auto w-full max-w-5xl p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">Recompensas</h1>
			<Tabs defaultValue="todas" className="mt-6">
				<TabsList className="h-auto flex-wrap">
					<TabsTrigger value="todas">Todas ({loaderData.badges.length})</TabsTrigger>
					<TabsTrigger value="conquistadas">Conquistadas ({earned.length})</TabsTrigger>
					<TabsTrigger value="disponiveis">Disponíveis ({available.length})</TabsTrigger>
				</TabsList>
				<TabsContent value="todas" className="mt-4">
					<BadgeGrid badges={loaderData.badges} empty="Nenhuma badge disponível no momento." />
				</TabsContent>
				<TabsContent value="conquistadas" className="mt-4">
					<BadgeGrid badges={earned} empty="Você ainda não conquistou nenhuma badge. Continue comprando e interagindo!" />
				</TabsContent>
				<TabsContent value="disponiveis" className="mt-4">
					<BadgeGrid badges={available} empty="Parabéns! Você conquistou todas as badges disponíveis! 🎉" />
				</TabsContent>
			</Tabs>
		</main>
	)
}
