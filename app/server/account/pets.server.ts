import { and, asc, count, eq, isNotNull, or } from 'drizzle-orm'
import { z } from 'zod'
import { pets } from '~/db/schema'
import type { PetNeck } from '~/commerce/rules/pet-size'
import { breedNamed, listBreedSizes } from '~/server/breed-sizes.server'
import { db } from '~/server/db.server'
import { nowMs } from '~/server/clock.server'
import { userText } from '~/utils/text-schema'

/**
 * 'Meus Pets' (issue 10): a customer's pets, read and changed only through the session's user
 * id (a pet id from the form is always paired with it), at most MAX_PETS each.
 */

export const MAX_PETS = 10

export const PET_MESSAGES = {
	added: 'Pet cadastrado!',
	saved: 'Pet atualizado!',
	deleted: 'Pet removido.',
	notFound: 'Pet não encontrado.',
	tooMany: `Você pode cadastrar até ${MAX_PETS} pets.`,
	failed: 'Erro ao salvar pet',
} as const

export type PetView = { id: string; name: string; breed: string | null; neckCm: string | null; birthday: string | null }
export type PetFormValues = { name: string; breed: string; neckCm: string; birthday: string }

const today = () => new Date(nowMs()).toISOString().slice(0, 10)

export const petSchema = z.object({
	name: userText({ error: 'Informe o nome do pet.' })
		.trim()
		.min(1, 'Informe o nome do pet.')
		.max(40, 'O nome deve ter no máximo 40 caracteres.'),
	breed: userText()
		.trim()
		.max(60, 'A raça deve ter no máximo 60 caracteres.')
		.transform((v) => (v === '' ? null : v)),
	/** Centimetres as typed ('32,5'), stored in millimetres. */
	neckCm: userText()
		.trim()
		.transform((value, ctx) => {
			if (value === '') return null
			const normalised = value.replace(',', '.')
			if (!/^\d{1,2}(\.\d)?$/.test(normalised)) {
				ctx.addIssue({ code: 'custom', message: 'Informe o pescoço em centímetros, como 32 ou 32,5.' })
				return z.NEVER
			}
			const mm = Math.round(Number(normalised) * 10)
			if (mm < 100 || mm > 900) {
				ctx.addIssue({ code: 'custom', message: 'O pescoço deve medir entre 10 e 90 cm.' })
				return z.NEVER
			}
			return mm
		}),
	birthday: userText()
		.trim()
		.transform((value, ctx) => {
			if (value === '') return null
			const valid = /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
			if (!valid || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
				ctx.addIssue({ code: 'custom', message: 'Informe uma data válida.' })
				return z.NEVER
			}
			if (value > today()) {
				ctx.addIssue({ code: 'custom', message: 'O aniversário não pode ser no futuro.' })
				return z.NEVER
			}
			if (value < '1980-01-01') {
				ctx.addIssue({ code: 'custom', message: 'Informe uma data válida.' })
				return z.NEVER
			}
			return value
		}),
})
export type PetInput = z.infer<typeof petSchema>

export type PetResult = { ok: true; message: string } | { ok: false; status: 400 | 404; errors: Record<string, string> }

function toView(row: typeof pets.$inferSelect): PetView {
	return {
		id: row.id,
		name: row.name,
		breed: row.breed,
		neckCm: row.neckMm === null ? null : (row.neckMm / 10).toLocaleString('pt-BR', { maximumFractionDigits: 1 }),
		birthday: row.birthday,
	}
}

export async function petsOf(userId: string): Promise<PetView[]> {
	const rows = await db.select().from(pets).where(eq(pets.userId, userId)).orderBy(asc(pets.createdAt), asc(pets.id))
	return rows.map(toView)
}

function parse(values: PetFormValues): { ok: true; value: PetInput } | { ok: false; status: 400; errors: Record<string, string> } {
	const parsed = petSchema.safeParse(values)
	if (parsed.success) return { ok: true, value: parsed.data }
	const errors: Record<string, string> = {}
	for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
	return { ok: false, status: 400, errors }
}

const columns = (input: PetInput) => ({ name: input.name, breed: input.breed, neckMm: input.neckCm, birthday: input.birthday })

export async function addPet(userId: string, values: PetFormValues): Promise<PetResult> {
	const parsed = parse(values)
	if (!parsed.ok) return parsed
	return db.transaction(async (tx) => {
		// Counted inside the transaction that inserts; two tabs at once may at worst both see 9.
		const [existing] = await tx.select({ n: count() }).from(pets).where(eq(pets.userId, userId))
		if (Number(existing?.n ?? 0) >= MAX_PETS) return { ok: false, status: 400, errors: { name: PET_MESSAGES.tooMany } }
		await tx.insert(pets).values({ userId, ...columns(parsed.value) })
		return { ok: true, message: PET_MESSAGES.added }
	})
}

export async function updatePet(userId: string, petId: string, values: PetFormValues): Promise<PetResult> {
	if (!z.uuid().safeParse(petId).success) return { ok: false, status: 404, errors: { form: PET_MESSAGES.notFound } }
	const parsed = parse(values)
	if (!parsed.ok) return parsed
	const updated = await db
		.update(pets)
		.set(columns(parsed.value))
		.where(and(eq(pets.id, petId), eq(pets.userId, userId)))
		.returning({ id: pets.id })
	if (updated.length === 0) return { ok: false, status: 404, errors: { form: PET_MESSAGES.notFound } }
	return { ok: true, message: PET_MESSAGES.saved }
}

export async function deletePet(userId: string, petId: string): Promise<PetResult> {
	if (!z.uuid().safeParse(petId).success) return { ok: false, status: 404, errors: { form: PET_MESSAGES.notFound } }
	const deleted = await db
		.delete(pets)
		.where(and(eq(pets.id, petId), eq(pets.userId, userId)))
		.returning({ id: pets.id })
	if (deleted.length === 0) return { ok: false, status: 404, errors: { form: PET_MESSAGES.notFound } }
	return { ok: true, message: PET_MESSAGES.deleted }
}

/**
 * The customer's pets a size can be suggested for, oldest first, for the size suggestions on
 * bandana and collar pages (issue 10) and in the size guide (issue 31): those with a neck
 * measure, and those with only a breed the breed table knows (its typical neck, with the
 * table's name for the breed). Sent after load with the rest of who is looking
 * (/resources/visitor, decision 055): the product page's HTML is shared by every shopper; the
 * browser turns these into 'Tamanho sugerido para Thor: G' with the product's sizes
 * (`suggestPetSizes`). The breed table is read only when a pet needs it.
 */
export async function petNecksOf(userId: string): Promise<PetNeck[]> {
	const rows = await db
		.select({ name: pets.name, breed: pets.breed, neckMm: pets.neckMm })
		.from(pets)
		.where(and(eq(pets.userId, userId), or(isNotNull(pets.neckMm), isNotNull(pets.breed))))
		.orderBy(asc(pets.createdAt), asc(pets.id))
	const breeds = rows.some((pet) => pet.neckMm === null) ? await listBreedSizes() : []
	return rows.flatMap((pet): PetNeck[] => {
		if (pet.neckMm !== null) return [{ name: pet.name, neckMm: pet.neckMm }]
		const known = pet.breed ? breedNamed(pet.breed, breeds) : null
		return known ? [{ name: pet.name, neckMm: known.neckMm, breed: known.name }] : []
	})
}
