import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { userGamification } from '~/db/schema'
import { setUserRole, UnconfirmedAdminError } from '~/server/auth/roles.server'
import { db } from '~/server/db.server'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { publishAccountChange } from '~/server/loyalty/account-events.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { userText } from '~/utils/text-schema'

/**
 * What the admin may do to an account from its detail page (issue 10): change its role (which
 * ends its sessions, decision 021) and adjust its points with a reason (a ledger row, never an
 * edit). The acting admin comes from the session; the target from the URL.
 */

export const USER_ADMIN_MESSAGES = {
	roleChanged: 'Papel atualizado! As sessões da conta foram encerradas.',
	roleUnchanged: 'A conta já tem este papel.',
	selfDemotion: 'Você não pode remover o seu próprio acesso de administrador.',
	unconfirmed: 'Esta conta ainda não confirmou o e-mail e não pode ser administradora.',
	pointsAdjusted: 'Pontos ajustados!',
	pointsRepeated: 'Este ajuste já foi registrado.',
	notFound: 'Usuário não encontrado.',
	failed: 'Erro ao atualizar usuário',
} as const

export const roleChangeSchema = z.object({ role: z.enum(['admin', 'customer'], 'Escolha um papel válido.') })

export const pointAdjustmentSchema = z.object({
	points: z
		.number({ error: 'Pontos: informe um número inteiro (negativo para tirar).' })
		.int('Pontos: informe um número inteiro (negativo para tirar).')
		.min(-100_000, 'O ajuste deve ser de no máximo 100.000 pontos.')
		.max(100_000, 'O ajuste deve ser de no máximo 100.000 pontos.')
		.refine((n) => n !== 0, 'Informe um número diferente de zero.'),
	reason: userText().trim().min(3, 'Informe o motivo (ao menos 3 caracteres).').max(200, 'O motivo deve ter no máximo 200 caracteres.'),
	/** Made when the form was shown: a double submit adjusts once. */
	key: z.uuid('Recarregue a página e tente de novo.'),
})
export type PointAdjustment = z.infer<typeof pointAdjustmentSchema>

export type AdminUserResult = { ok: true; message: string } | { ok: false; message: string; field?: string }

export async function changeUserRole(
	actingAdminId: string,
	targetId: string,
	role: 'admin' | 'customer',
	ip: string | null = null,
): Promise<AdminUserResult> {
	if (targetId === actingAdminId && role !== 'admin') return { ok: false, message: USER_ADMIN_MESSAGES.selfDemotion, field: 'role' }
	try {
		// Issue 30: the change and its activity entry in one transaction.
		const changed = await db.transaction(async (tx) => {
			const changed = await setUserRole(targetId, role, tx)
			if (changed) {
				await recordActivity(tx, {
					actorId: actingAdminId,
					ip,
					kind: 'role',
					subject: { type: 'user', id: targetId, label: 'Papel da conta', userId: targetId },
					before: { role: role === 'admin' ? 'customer' : 'admin' },
					after: { role },
				})
			}
			return changed
		})
		return { ok: true, message: changed ? USER_ADMIN_MESSAGES.roleChanged : USER_ADMIN_MESSAGES.roleUnchanged }
	} catch (error) {
		if (error instanceof UnconfirmedAdminError) return { ok: false, message: USER_ADMIN_MESSAGES.unconfirmed, field: 'role' }
		throw error
	}
}

/**
 * Issue 30: the adjustment and its activity entry (the admin, the address, the balance before →
 * after, the points and the reason) in one transaction; the customer is the entry's `userId`, so
 * it is in her LGPD export. The balance is read after the ledger's upsert (which locks her summary
 * row), so two adjustments at once each log the balance they really moved. A repeated key
 * (a double submit) changes nothing and logs nothing.
 */
export async function adjustUserPoints(targetId: string, adjustment: PointAdjustment, actor: Actor | null = null): Promise<AdminUserResult> {
	const awarded = await db.transaction(async (tx) => {
		const awarded = await awardPointsOnce(tx, {
			userId: targetId,
			actionType: 'adjustment',
			description: adjustment.reason,
			points: adjustment.points,
			eventKey: `adjustment:${adjustment.key}`,
		})
		if (!awarded) return false
		const [summary] = await tx
			.select({ totalPoints: userGamification.totalPoints })
			.from(userGamification)
			.where(eq(userGamification.userId, targetId))
		const after = summary?.totalPoints ?? adjustment.points
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'loyalty',
			subject: { type: 'user', id: targetId, label: 'Pontos da conta', userId: targetId },
			before: { totalPoints: after - adjustment.points },
			after: { totalPoints: after, pointsAdjustment: adjustment.points, reason: adjustment.reason },
		})
		return true
	})
	if (awarded) publishAccountChange(targetId)
	return { ok: true, message: awarded ? USER_ADMIN_MESSAGES.pointsAdjusted : USER_ADMIN_MESSAGES.pointsRepeated }
}
