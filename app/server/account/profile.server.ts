import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { formatPhone, normalizePhone } from '~/commerce/rules/phone'
import { userProfiles } from '~/db/schema'
import { db } from '~/server/db.server'
import { userText } from '~/utils/text-schema'

/**
 * 'Meu Perfil' (document 001 §2; issue 10): the signed-in customer's own profile. The user id
 * comes from the session; the form can set only these three fields (no role, no points, no
 * referrer: mass assignment is impossible because nothing else is read from it).
 */

export const PROFILE_MESSAGES = {
	saved: 'Perfil atualizado com sucesso!',
	failed: 'Erro ao salvar perfil',
	phoneInvalid: 'Informe um telefone com DDD, por exemplo (11) 91234-5678.',
	instagramInvalid: 'O Instagram deve ter até 30 letras, números, ponto ou sublinhado.',
} as const

const optionalText = (max: number, message: string) =>
	userText()
		.trim()
		.max(max, message)
		.default('')
		.transform((v) => (v === '' ? null : v))

export const profileSchema = z.object({
	fullName: optionalText(100, 'O nome deve ter no máximo 100 caracteres.'),
	phone: userText()
		.trim()
		.max(30, PROFILE_MESSAGES.phoneInvalid)
		.default('')
		.transform((value, ctx) => {
			if (value === '') return null
			const digits = normalizePhone(value)
			if (!digits) {
				ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.phoneInvalid })
				return z.NEVER
			}
			return digits
		}),
	instagramHandle: userText()
		.trim()
		.default('')
		.transform((v) => v.replace(/^@+/, ''))
		.pipe(z.string().regex(/^[A-Za-z0-9._]{0,30}$/, PROFILE_MESSAGES.instagramInvalid))
		.transform((v) => (v === '' ? null : v)),
})

/** Pets are not part of the profile: they have one place, Meus Pets (issue 31, decision 101). */
export type ProfileValues = { fullName: string; phone: string; instagramHandle: string }

export async function getProfile(userId: string): Promise<ProfileValues> {
	const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId))
	return {
		fullName: row?.fullName ?? '',
		phone: row?.phone ? formatPhone(row.phone) : '',
		instagramHandle: row?.instagramHandle ? `@${row.instagramHandle}` : '',
	}
}

export type SaveProfileResult = { ok: true } | { ok: false; errors: Partial<Record<keyof ProfileValues, string>> }

export async function saveProfile(userId: string, input: Record<string, unknown>): Promise<SaveProfileResult> {
	const parsed = profileSchema.safeParse(input)
	if (!parsed.success) {
		const errors: Partial<Record<keyof ProfileValues, string>> = {}
		for (const issue of parsed.error.issues) {
			const field = issue.path[0] as keyof ProfileValues | undefined
			if (field && !errors[field]) errors[field] = issue.message
		}
		return { ok: false, errors }
	}
	const values = parsed.data
	await db
		.insert(userProfiles)
		.values({ userId, ...values })
		.onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: sql`now()` } })
	return { ok: true }
}
