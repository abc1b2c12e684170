import { asc, count, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { BADGE_RULE_TYPES, BADGE_TIERS, badges, loyaltyLevels, userBadges } from '~/db/schema'
import { db, type Executor, queryRows, type Transaction } from '~/server/db.server'
import { getStoreSettings, updateStoreSettings } from '~/server/settings.server'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { userText } from '~/utils/text-schema'
import { applyBadgeToQualifyingCustomers } from './badges.server'
import { type LoyaltyPoints, loyaltyPointsSchema } from './point-values'

/**
 * /admin/fidelidade (issue 10, decision 038): the owner edits the level thresholds, the badge
 * rules and the points per event. Every rule is checked here; a change applies to everyone at
 * once (levels recomputed, a new or easier badge given to those who already qualify), so the
 * customer pages never disagree with the rules shown.
 */

export const LOYALTY_ADMIN_MESSAGES = {
	levelsSaved: 'Níveis salvos!',
	badgeSaved: 'Conquista salva!',
	badgeCreated: 'Conquista criada!',
	badgeDeleted: 'Conquista excluída!',
	badgeInUse: (n: number) => `${n} ${n === 1 ? 'cliente já ganhou' : 'clientes já ganharam'} esta conquista: desative-a em vez de excluir.`,
	pointsSaved: 'Pontuação salva!',
	notFound: 'Conquista não encontrada.',
	failed: 'Erro ao salvar',
} as const

export const MAX_LEVELS = 10

const levelSchema = z.object({
	name: userText().trim().min(1, 'Informe o nome do nível.').max(40, 'O nome do nível deve ter no máximo 40 caracteres.'),
	minPoints: z
		.number({ error: 'Pontos mínimos: informe um número inteiro.' })
		.int('Pontos mínimos: informe um número inteiro.')
		.min(0, 'Os pontos mínimos não podem ser negativos.')
		.max(10_000_000, 'Os pontos mínimos devem ser de no máximo 10.000.000.'),
})

/** The levels in order: level 1 starts at 0, each next one strictly above the one before. */
export const levelsSchema = z
	.array(levelSchema)
	.min(1, 'Mantenha ao menos um nível.')
	.max(MAX_LEVELS, `No máximo ${MAX_LEVELS} níveis.`)
	.superRefine((levels, ctx) => {
		if (levels[0] && levels[0].minPoints !== 0) {
			ctx.addIssue({ code: 'custom', path: [0, 'minPoints'], message: 'O primeiro nível começa em 0 pontos.' })
		}
		for (let i = 1; i < levels.length; i++) {
			const previous = levels[i - 1]
			const current = levels[i]
			if (previous && current && current.minPoints <= previous.minPoints) {
				ctx.addIssue({
					code: 'custom',
					path: [i, 'minPoints'],
					message: `Os pontos do nível ${i + 1} devem ser maiores que os do nível ${i} (${previous.minPoints.toLocaleString('pt-BR')}).`,
				})
			}
		}
		const names = levels.map((l) => l.name.toLocaleLowerCase('pt-BR'))
		names.forEach((name, i) => {
			if (names.indexOf(name) !== i)
				ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Cada nível precisa de um nome diferente.' })
		})
	})
export type LevelInput = z.infer<typeof levelSchema>

export const badgeSchema = z.object({
	name: userText().trim().min(1, 'Informe o nome da conquista.').max(60, 'O nome deve ter no máximo 60 caracteres.'),
	description: userText().trim().max(200, 'A descrição deve ter no máximo 200 caracteres.'),
	icon: userText().trim().min(1, 'Informe um emoji.').max(16, 'Use um emoji como ícone.'),
	badgeTier: z.enum(BADGE_TIERS, 'Escolha o nível da conquista.'),
	ruleType: z.enum(BADGE_RULE_TYPES, 'Escolha a regra.'),
	ruleThreshold: z
		.number({ error: 'Meta: informe um número inteiro.' })
		.int('Meta: informe um número inteiro.')
		.min(1, 'A meta deve ser de pelo menos 1.')
		.max(10_000_000, 'A meta deve ser de no máximo 10.000.000.'),
	pointsReward: z
		.number({ error: 'Pontos: informe um número inteiro.' })
		.int('Pontos: informe um número inteiro.')
		.min(0, 'Os pontos não podem ser negativos.')
		.max(10_000, 'Os pontos devem ser de no máximo 10.000.'),
	isActive: z.boolean(),
})
export type BadgeInput = z.infer<typeof badgeSchema>

export type AdminBadge = BadgeInput & { id: string; earnedCount: number }

/** Everything the page shows: levels with how many customers each holds now, badges, points. */
export async function loyaltyAdminData() {
	const [levels, badgeRows, settings] = await Promise.all([
		db.select({ name: loyaltyLevels.name, minPoints: loyaltyLevels.minPoints }).from(loyaltyLevels).orderBy(asc(loyaltyLevels.minPoints)),
		db
			.select({
				id: badges.id,
				name: badges.name,
				description: badges.description,
				icon: badges.icon,
				badgeTier: badges.badgeTier,
				ruleType: badges.ruleType,
				ruleThreshold: badges.ruleThreshold,
				pointsReward: badges.pointsReward,
				isActive: badges.isActive,
				earnedCount: sql<number>`(select count(*)::int from ${userBadges} where ${userBadges.badgeId} = ${badges.id})`,
			})
			.from(badges)
			.orderBy(asc(badges.tierRank), asc(badges.ruleType), asc(badges.ruleThreshold), asc(badges.name)),
		getStoreSettings(),
	])
	return {
		levels,
		levelCounts: await customersPerLevel(levels.map((l) => l.minPoints)),
		badges: badgeRows.map((b) => ({ ...b, earnedCount: Number(b.earnedCount) })) as AdminBadge[],
		points: settings.loyaltyPoints,
		photoPointsPerDay: settings.photoPointsPerDay,
	}
}

/**
 * How many customers each level would hold with these thresholds (ascending, first 0): the
 * 'preview' of the levels form. Customers without points count in level 1. One pass over the
 * accounts: cheap at 50,000.
 */
export async function customersPerLevel(thresholds: readonly number[], executor: Executor = db): Promise<number[]> {
	if (thresholds.length === 0) return []
	const columns = sql.join(
		thresholds.map((min, i) => {
			const next = thresholds[i + 1]
			const below = next === undefined ? sql`true` : sql`coalesce(g.total_points, 0) < ${next}`
			return sql`count(*) filter (where (coalesce(g.total_points, 0) >= ${min} or ${i === 0}) and ${below})::int as ${sql.identifier(`l${i}`)}`
		}),
		sql`, `,
	)
	const [row] = await queryRows<Record<string, number>>(
		sql`select ${columns} from users u left join user_gamification g on g.user_id = u.id`,
		executor,
	)
	return thresholds.map((_, i) => Number(row?.[`l${i}`] ?? 0))
}

const who = (actor: Actor | null) => ({ actorId: actor?.actorId ?? null, ip: actor?.ip ?? null })
type BadgeFields = Omit<BadgeInput, 'description'> & { description: string | null }
const badgeSnapshot = (badge: BadgeFields) => ({
	name: badge.name,
	description: badge.description,
	icon: badge.icon,
	badgeTier: badge.badgeTier,
	ruleType: badge.ruleType,
	ruleThreshold: badge.ruleThreshold,
	pointsReward: badge.pointsReward,
	isActive: badge.isActive,
})

/**
 * Replaces the levels (numbered 1… in the order given) and moves every customer to their level.
 * Issue 30: the whole table before and after is one activity entry (field `levels`).
 */
export async function saveLevels(levels: readonly LevelInput[], actor: Actor | null = null): Promise<void> {
	const parsed = levelsSchema.parse(levels)
	await db.transaction(async (tx) => {
		const before = await tx
			.select({ name: loyaltyLevels.name, minPoints: loyaltyLevels.minPoints })
			.from(loyaltyLevels)
			.orderBy(asc(loyaltyLevels.level))
		await recordActivity(tx, {
			...who(actor),
			kind: 'loyalty',
			subject: { type: 'loyalty_levels', id: null, label: 'Níveis de fidelidade' },
			before: { levels: before },
			after: { levels: parsed.map((l) => ({ name: l.name, minPoints: l.minPoints })) },
		})
		await tx.delete(loyaltyLevels)
		await tx.insert(loyaltyLevels).values(parsed.map((level, i) => ({ level: i + 1, name: level.name, minPoints: level.minPoints })))
		await recomputeAllLevels(tx)
	})
}

/**
 * Every customer's level, points inside it and span to the next, from their total and the
 * levels now stored: the set-based twin of levelProgress (ledger.server.ts), one statement.
 */
export async function recomputeAllLevels(tx: Transaction): Promise<void> {
	await tx.execute(sql`
		update user_gamification g
		set level = coalesce(x.level, 1),
			current_level_points = greatest(g.total_points, 0) - coalesce(x.min_points, 0),
			points_to_next_level = coalesce(x.next_min - x.min_points, 0),
			updated_at = now()
		from (
			select g2.user_id, l.level, l.min_points,
				(select min(n.min_points) from loyalty_levels n where n.min_points > l.min_points) as next_min
			from user_gamification g2
			left join lateral (
				select level, min_points from loyalty_levels where min_points <= greatest(g2.total_points, 0) order by min_points desc limit 1
			) l on true
		) x
		where x.user_id = g.user_id`)
}

export type SaveBadgeResult = { ok: true; id: string; awardedNow: number } | { ok: false; message: string }

/**
 * Creates (no id) or updates a badge, then gives it to every customer who already meets it
 * (a rule made easier reaches those in between at once; badges are never taken back).
 */
export async function saveBadge(input: BadgeInput, id?: string, actor: Actor | null = null): Promise<SaveBadgeResult> {
	const badge = badgeSchema.parse(input)
	return db.transaction(async (tx) => {
		const [duplicate] = await tx.select({ id: badges.id }).from(badges).where(eq(badges.name, badge.name))
		if (duplicate && duplicate.id !== id) return { ok: false, message: 'Já existe uma conquista com este nome.' }
		let savedId: string
		let before: BadgeFields | null = null
		if (id) {
			const [current] = await tx.select().from(badges).where(eq(badges.id, id)).for('update')
			if (!current) return { ok: false, message: LOYALTY_ADMIN_MESSAGES.notFound }
			before = current
			await tx.update(badges).set(badge).where(eq(badges.id, id))
			savedId = id
		} else {
			const [created] = await tx.insert(badges).values(badge).returning({ id: badges.id })
			if (!created) throw new Error('conquista não criada')
			savedId = created.id
		}
		await recordActivity(tx, {
			...who(actor),
			kind: 'loyalty',
			subject: { type: 'badge', id: savedId, label: `Conquista ${badge.name}` },
			before: before && badgeSnapshot(before),
			after: badgeSnapshot(badge),
		})
		const awardedNow = await applyBadgeToQualifyingCustomers(tx, savedId)
		if (awardedNow > 0) await recomputeAllLevels(tx)
		return { ok: true, id: savedId, awardedNow }
	})
}

/** Deletes a badge nobody has earned; one already earned must be deactivated instead. */
export async function deleteBadge(
	id: string,
	actor: Actor | null = null,
): Promise<{ ok: true } | { ok: false; message: string; status: 404 | 409 }> {
	return db.transaction(async (tx) => {
		const [earned] = await tx.select({ n: count() }).from(userBadges).where(eq(userBadges.badgeId, id))
		const n = Number(earned?.n ?? 0)
		if (n > 0) return { ok: false, status: 409, message: LOYALTY_ADMIN_MESSAGES.badgeInUse(n) }
		const [deleted] = await tx.delete(badges).where(eq(badges.id, id)).returning()
		if (!deleted) return { ok: false, status: 404, message: LOYALTY_ADMIN_MESSAGES.notFound }
		await recordActivity(tx, {
			...who(actor),
			kind: 'loyalty',
			subject: { type: 'badge', id, label: `Conquista ${deleted.name}` },
			before: badgeSnapshot(deleted),
			after: null,
		})
		return { ok: true }
	})
}

export async function savePointValues(values: LoyaltyPoints, photoPointsPerDay?: number, actor: Actor | null = null): Promise<void> {
	await updateStoreSettings(
		{ loyaltyPoints: loyaltyPointsSchema.parse(values), ...(photoPointsPerDay === undefined ? {} : { photoPointsPerDay }) },
		db,
		actor,
	)
}
