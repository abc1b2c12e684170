import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { ariaBreedSizes, pets, users } from '~/db/schema'
import { db } from '~/server/db.server'
import { MAX_PETS, PET_MESSAGES, addPet, deletePet, petNecksOf, petsOf, updatePet } from './pets.server'

withTestDatabase()

async function customer(): Promise<string> {
	const [user] = await db
		.insert(users)
		.values({ email: `pet.${randomUUID()}@exemplo.test`, passwordHash: 'x' })
		.returning({ id: users.id })
	if (!user) throw new Error('usuário não criado')
	return user.id
}

const THOR = { name: 'Thor', breed: 'Shih-tzu', neckCm: '32,5', birthday: '2021-03-14' }

describe('Meus Pets', () => {
	test('adds, lists, edits and removes; the neck is kept in millimetres', async () => {
		const me = await customer()
		expect(await addPet(me, THOR)).toEqual({ ok: true, message: PET_MESSAGES.added })
		const [thor] = await petsOf(me)
		expect(thor).toMatchObject({ name: 'Thor', breed: 'Shih-tzu', neckCm: '32,5', birthday: '2021-03-14' })
		expect((await db.select().from(pets).where(eq(pets.userId, me)))[0]?.neckMm).toBe(325)
		expect(await updatePet(me, thor!.id, { ...THOR, neckCm: '34', breed: '' })).toEqual({ ok: true, message: PET_MESSAGES.saved })
		expect((await petsOf(me))[0]).toMatchObject({ neckCm: '34', breed: null })
		expect(await deletePet(me, thor!.id)).toEqual({ ok: true, message: PET_MESSAGES.deleted })
		expect(await petsOf(me)).toEqual([])
	})

	test('bad input is refused with a message per field and nothing is stored', async () => {
		const me = await customer()
		const refused = await addPet(me, { name: ' ', breed: 'x'.repeat(61), neckCm: '5', birthday: '2999-01-01' })
		expect(refused).toEqual({
			ok: false,
			status: 400,
			errors: {
				name: 'Informe o nome do pet.',
				breed: 'A raça deve ter no máximo 60 caracteres.',
				neckCm: 'O pescoço deve medir entre 10 e 90 cm.',
				birthday: 'O aniversário não pode ser no futuro.',
			},
		})
		expect((await addPet(me, { ...THOR, neckCm: 'grande' })).ok).toBe(false)
		expect((await addPet(me, { ...THOR, birthday: '2021-02-30' })).ok).toBe(false)
		expect(await petsOf(me)).toEqual([])
	})

	test("a customer can never edit or remove another customer's pet", async () => {
		const alice = await customer()
		const bob = await customer()
		await addPet(bob, THOR)
		const [bobsPet] = await petsOf(bob)
		expect(await updatePet(alice, bobsPet!.id, { ...THOR, name: 'Roubado' })).toEqual({
			ok: false,
			status: 404,
			errors: { form: PET_MESSAGES.notFound },
		})
		expect(await deletePet(alice, bobsPet!.id)).toEqual({ ok: false, status: 404, errors: { form: PET_MESSAGES.notFound } })
		expect(await petsOf(alice)).toEqual([])
		expect((await petsOf(bob))[0]?.name).toBe('Thor')
	})

	test(`at most ${MAX_PETS} pets`, async () => {
		const me = await customer()
		for (let i = 0; i < MAX_PETS; i++) expect((await addPet(me, { ...THOR, name: `Pet ${i}` })).ok).toBe(true)
		expect(await addPet(me, { ...THOR, name: 'Um a mais' })).toEqual({ ok: false, status: 400, errors: { name: PET_MESSAGES.tooMany } })
	})

	test('the necks for the size suggestions: only pets with one, oldest first, only her own', async () => {
		const me = await customer()
		await addPet(me, { ...THOR, neckCm: '32' })
		await addPet(me, { name: 'Mel', breed: '', neckCm: '', birthday: '' })
		await addPet(me, { name: 'Rex', breed: '', neckCm: '65,5', birthday: '' })
		await addPet(await customer(), { ...THOR, name: 'Outro', neckCm: '40' })
		expect(await petNecksOf(me)).toEqual([
			{ name: 'Thor', neckMm: 320 },
			{ name: 'Rex', neckMm: 655 },
		])
	})

	test("a pet with a breed but no neck: the breed table's typical neck, named as the table names it (issue 31)", async () => {
		await db.insert(ariaBreedSizes).values({ name: 'Golden Retriever', aliases: ['golden'], neckMm: 500 })
		const me = await customer()
		await addPet(me, { name: 'Thor', breed: 'golden', neckCm: '', birthday: '' })
		// A measure wins over the breed; a breed the table does not know suggests nothing.
		await addPet(me, { name: 'Luna', breed: 'Golden Retriever', neckCm: '45', birthday: '' })
		await addPet(me, { name: 'Pipoca', breed: 'Vira-lata', neckCm: '', birthday: '' })
		expect(await petNecksOf(me)).toEqual([
			{ name: 'Thor', neckMm: 500, breed: 'Golden Retriever' },
			{ name: 'Luna', neckMm: 450 },
		])
	})
})
