import { TrophyIcon } from '~/components/icons/lucide'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { gamificationOf } from '~/server/account/gamification.server'
import { requireUser } from '~/server/auth/guards.server'
import { cn } from '~/utils/cn'
import { formatDateTime } from '~/utils/format'
import { levelCardText } from '~/utils/level-progress'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/gamification'

/**
 * /user/gamification, 'Gamificação' in document 001 §2, shown as 'Meus pontos' (issue 31: a
 * shopper does not call it gamification): level progress with the next level and what is
 * missing, how to earn, the latest 20 entries.
 */

const POINTS_PAGE_TITLE = 'Meus pontos'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(POINTS_PAGE_TITLE, matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	return gamificationOf(user.id)
}

export default function Gamification({ loaderData }: Route.ComponentProps) {
	const { card, history, earningRules: rules } = loaderData
	return (
		<main className="mx-auto w-full max-w-4xl p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">{POINTS_PAGE_TITLE}</h1>
			<Card className="mt-6">
				<CardContent className="space-y-3 pt-6">
					<div className="flex items-center gap-3">
						<TrophyIcon className="size-8 text-primary" aria-hidden="true" />
						<div>
							<p className="text-sm text-muted-foreground">Nível {card.level}</p>
							<p className="text-xl font-bold" data-testid="nivel">
								{card.name}
							</p>
						</div>
						<p className="ml-auto text-right">
							<span className="block text-2xl font-bold" data-testid="total-pontos">
								{card.totalPoints.toLocaleString('pt-BR')}
							</span>
							<span className="text-sm text-muted-foreground">pontos no total</span>
						</p>
					</div>
					<div
						role="progressbar"
						aria-label={card.next ? `Progresso até o nível ${card.next.name}` : 'Progresso no nível'}
						aria-valuemin={0}
						aria-valuemax={100}
						aria-valuenow={card.percent}
						className="h-3 overflow-hidden rounded-full bg-muted"
					>
						<div className="h-full rounded-full bg-primary" style={{ width: `${card.percent}%` }} />
					</div>
					<p className="text-sm text-muted-foreground" data-testid="proximo-nivel">
						{levelCardText(card)}
						{card.next ? (
							<span className="block text-xs">
								{`${card.pointsInLevel.toLocaleString('pt-BR')} de ${(card.next.minPoints - (card.totalPoints - card.pointsInLevel)).toLocaleString('pt-BR')} pontos neste nível`}
							</span>
						) : null}
					</p>
				</CardContent>
			</Card>

			<div className="mt-6 grid gap-6 md:grid-cols-2">
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Como Ganhar Pontos</h2>
						</CardTitle>
					</CardHeader>
					<CardContent>
						<ul className="space-y-3 text-sm">
							{rules.map((rule) => (
								<li key={rule.action} className="flex justify-between gap-3">
									<span>
										<span className="font-medium">{rule.action}</span>
										<span className="block text-muted-foreground">{rule.detail}</span>
									</span>
									<span className="shrink-0 font-semibold text-primary">{rule.points}</span>
								</li>
							))}
						</ul>
					</CardContent>
				</Card>
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Histórico de Pontos</h2>
						</CardTitle>
					</CardHeader>
					<CardContent>
						{history.length === 0 ? (
							<p className="text-sm text-muted-foreground">Nenhum histórico ainda. Comece ganhando pontos!</p>
						) : (
							<ol className="divide-y text-sm">
								{history.map((entry) => (
									<li key={entry.id} className="flex justify-between gap-3 py-2" data-testid="historico-pontos">
										<span>
											<span className="font-medium">{entry.description}</span>
											<span className="block text-xs text-muted-foreground">
												{entry.label} · {formatDateTime(entry.createdAt)}
											</span>
										</span>
										<span
											className={cn(
												'shrink-0 font-semibold',
												entry.points >= 0 ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
											)}
										>
											{entry.points > 0 ? `+${entry.points}` : String(entry.points)}
										</span>
									</li>
								))}
							</ol>
						)}
					</CardContent>
				</Card>
			</div>
		</main>
	)
}
