import { data, useActionData, useNavigation } from 'react-router'
import { AdminPage } from '~/components/admin/admin-page'
import { BadgeForm, type BadgeFormValues } from '~/components/admin/loyalty/badge-form'
import { LevelsForm } from '~/components/admin/loyalty/levels-form'
import { PointsForm } from '~/components/admin/loyalty/points-form'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { requireAdmin } from '~/server/auth/guards.server'
import {
	type AdminBadge,
	customersPerLevel,
	deleteBadge,
	LOYALTY_ADMIN_MESSAGES,
	loyaltyAdminData,
	MAX_LEVELS,
	saveBadge,
	saveLevels,
	savePointValues,
} from '~/server/loyalty/admin-loyalty.server'
import { readFormData } from '~/server/read-form.server'
import { actorOf } from '~/server/activity/record.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { RULE_TYPE_LABELS, TIER_LABELS } from '~/utils/loyalty-labels'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/loyalty'
import {
	badgeIdSchema,
	badgeValuesOf,
	type LevelRow,
	levelRowsOf,
	loyaltyIntentSchema,
	parseBadge,
	parseLevels,
	parsePointValues,
	POINTS_FORM_FIELDS,
	pointValuesOf,
} from './loyalty-form'

/**
 * /admin/fidelidade (issue 10, decision 038): points per event, level thresholds with a
 * preview of how many customers each would hold, and the badge rules. Every form is a plain
 * post (works without JavaScript); refusals come back beside their fields, as typed.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Fidelidade', matches) }]

const PAGE = '/admin/fidelidade'

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { ...(await loyaltyAdminData()), pointFields: POINTS_FORM_FIELDS, maxLevels: MAX_LEVELS }
}

type ActionAnswer =
	| { form: 'points'; errors: Record<string, string>; values: Record<string, string> }
	| { form: 'levels'; errors?: Record<string, string>; rows: LevelRow[]; preview?: number[] }
	| { form: 'badge'; id: string | null; errors: Record<string, string>; values: BadgeFormValues }
	| { form: 'none' }

const refused = (answer: ActionAnswer, message: string, status = 400) =>
	data(answer, { status, headers: createToastHeaders({ type: 'error', title: LOYALTY_ADMIN_MESSAGES.failed, description: message }) })

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	const intent = loyaltyIntentSchema.safeParse(form.get('intent'))
	if (!intent.success) return refused({ form: 'none' }, 'Ação inválida.')

	switch (intent.data) {
		case 'save-points': {
			const values = pointValuesOf(form)
			const parsed = parsePointValues(values)
			if (!parsed.ok) return refused({ form: 'points', errors: parsed.errors, values }, Object.values(parsed.errors)[0] ?? '')
			await savePointValues(parsed.value.loyaltyPoints, parsed.value.photoPointsPerDay, actorOf(admin, context))
			return redirectWithToast(PAGE, { type: 'success', title: LOYALTY_ADMIN_MESSAGES.pointsSaved })
		}
		case 'preview-levels':
		case 'save-levels': {
			const rows = levelRowsOf(form)
			const parsed = parseLevels(rows)
			if (!parsed.ok) return refused({ form: 'levels', errors: parsed.errors, rows }, Object.values(parsed.errors)[0] ?? '')
			if (intent.data === 'preview-levels') {
				return data({ form: 'levels', rows, preview: await customersPerLevel(parsed.value.map((l) => l.minPoints)) } satisfies ActionAnswer)
			}
			await saveLevels(parsed.value, actorOf(admin, context))
			return redirectWithToast(PAGE, { type: 'success', title: LOYALTY_ADMIN_MESSAGES.levelsSaved })
		}
		case 'create-badge':
		case 'save-badge': {
			const id = intent.data === 'save-badge' ? badgeIdSchema.safeParse(form.get('id')) : null
			if (id && !id.success) return refused({ form: 'none' }, LOYALTY_ADMIN_MESSAGES.notFound, 404)
			const values = badgeValuesOf(form)
			const parsed = parseBadge(values)
			const answerId = id?.data ?? null
			if (!parsed.ok) return refused({ form: 'badge', id: answerId, errors: parsed.errors, values }, Object.values(parsed.errors)[0] ?? '')
			const saved = await saveBadge(parsed.value, answerId ?? undefined, actorOf(admin, context))
			if (!saved.ok) return refused({ form: 'badge', id: answerId, errors: { name: saved.message }, values }, saved.message)
			return redirectWithToast(PAGE, {
				type: 'success',
				title: answerId ? LOYALTY_ADMIN_MESSAGES.badgeSaved : LOYALTY_ADMIN_MESSAGES.badgeCreated,
				description:
					saved.awardedNow > 0 ? `${saved.awardedNow.toLocaleString('pt-BR')} cliente(s) já ganharam esta conquista.` : undefined,
			})
		}
		case 'delete-badge': {
			const id = badgeIdSchema.safeParse(form.get('id'))
			if (!id.success) return refused({ form: 'none' }, LOYALTY_ADMIN_MESSAGES.notFound, 404)
			const deleted = await deleteBadge(id.data, actorOf(admin, context))
			if (!deleted.ok) return refused({ form: 'none' }, deleted.message, deleted.status)
			return redirectWithToast(PAGE, { type: 'success', title: LOYALTY_ADMIN_MESSAGES.badgeDeleted })
		}
	}
}

const badgeValues = (badge: AdminBadge): BadgeFormValues => ({
	name: badge.name,
	description: badge.description,
	icon: badge.icon,
	badgeTier: badge.badgeTier,
	ruleType: badge.ruleType,
	ruleThreshold: String(badge.ruleThreshold),
	pointsReward: String(badge.pointsReward),
	isActive: badge.isActive ? 'on' : '',
})

const NEW_BADGE: BadgeFormValues = {
	name: '',
	description: '',
	icon: '🏅',
	badgeTier: 'bronze',
	ruleType: 'orders_paid',
	ruleThreshold: '1',
	pointsReward: '0',
	isActive: 'on',
}

export default function LoyaltyAdmin({ loaderData }: Route.ComponentProps) {
	const answer = useActionData<typeof action>() as ActionAnswer | undefined
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting'
	const { levels, levelCounts, badges, points, photoPointsPerDay, pointFields, maxLevels } = loaderData
	const levelAnswer = answer?.form === 'levels' ? answer : undefined
	const badgeAnswer = answer?.form === 'badge' ? answer : undefined
	const levelRows = levelAnswer?.rows ?? levels.map((l) => ({ name: l.name, minPoints: String(l.minPoints) }))
	return (
		<AdminPage title="Fidelidade" description="Pontos, níveis e conquistas do programa de fidelidade.">
			<div className="space-y-6">
				<PointsForm
					fields={pointFields}
					values={
						answer?.form === 'points'
							? answer.values
							: Object.fromEntries(Object.entries({ ...points, photoPointsPerDay }).map(([k, v]) => [k, String(v)]))
					}
					errors={answer?.form === 'points' ? answer.errors : undefined}
					busy={busy}
				/>
				<LevelsForm
					// A new answer (preview, refusal) re-mounts the rows with what was posted.
					key={levelAnswer ? JSON.stringify(levelAnswer.rows) + JSON.stringify(levelAnswer.preview ?? null) : 'stored'}
					rows={levelRows}
					counts={levelCounts}
					preview={levelAnswer?.preview}
					errors={levelAnswer?.errors}
					maxLevels={maxLevels}
					busy={busy}
				/>
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Conquistas</h2>
						</CardTitle>
						<p className="text-sm text-muted-foreground">
							O cliente ganha a conquista quando a contagem da regra chega à meta, e os pontos de prêmio uma única vez. Uma conquista nova
							ou mais fácil vale na hora para quem já cumpre a regra.
						</p>
					</CardHeader>
					<CardContent className="space-y-3">
						<ul className="divide-y rounded-md border">
							{badges.map((badge) => (
								<li key={badge.id}>
									<details open={badgeAnswer?.id === badge.id} className="group">
										<summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
											<span aria-hidden="true">{badge.icon}</span>
											<span className="font-medium">{badge.name}</span>
											<span className="text-muted-foreground">
												{TIER_LABELS[badge.badgeTier]} · {RULE_TYPE_LABELS[badge.ruleType]} ≥ {badge.ruleThreshold.toLocaleString('pt-BR')}
												{badge.pointsReward > 0 ? ` · +${badge.pointsReward} pontos` : ''}
											</span>
											<span className="ml-auto text-muted-foreground">
												{badge.isActive ? '' : 'Inativa · '}
												{badge.earnedCount.toLocaleString('pt-BR')} {badge.earnedCount === 1 ? 'cliente' : 'clientes'}
											</span>
										</summary>
										<div className="border-t px-3 py-3">
											<BadgeForm
												id={badge.id}
												values={badgeAnswer?.id === badge.id ? badgeAnswer.values : badgeValues(badge)}
												errors={badgeAnswer?.id === badge.id ? badgeAnswer.errors : undefined}
												earnedCount={badge.earnedCount}
												busy={busy}
											/>
										</div>
									</details>
								</li>
							))}
						</ul>
						<details open={badgeAnswer !== undefined && badgeAnswer.id === null} className="rounded-md border">
							<summary className="cursor-pointer px-3 py-2 text-sm font-medium">Nova conquista</summary>
							<div className="border-t px-3 py-3">
								<BadgeForm
									id={null}
									values={badgeAnswer?.id === null ? badgeAnswer.values : NEW_BADGE}
									errors={badgeAnswer?.id === null ? badgeAnswer.errors : undefined}
									busy={busy}
								/>
							</div>
						</details>
					</CardContent>
				</Card>
			</div>
		</AdminPage>
	)
}
