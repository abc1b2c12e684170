import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { action as ariaAction } from '~/routes/admin/aria'
import { loader as breedGuideLoader } from '~/routes/resources/breed-sizes'
import { addPet, petNecksOf } from '~/server/account/pets.server'
import { db, queryRows } from '~/server/db.server'
import { resetEnvForTests } from '~/server/env.server'
import { STORE_CHANNEL } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { measureRequest } from '~/server/request-metrics.server'

/**
 * Issue 31: the breed table is kept in memory until a store event (decision 050's kept reads), so
 * a pet whose breed the table does not know costs no more than one it knows, view after view;
 * the owner's edits on /admin/aria announce a store event, so the next view sees them.
 * The cache is on here (the other test files switch it off: they write the database directly).
 */

withTestDatabase()

let admin: { cookie: string }
let customer: { id: string }

beforeAll(async () => {
	// Set for the whole file (vi.stubEnv would be undone after the first test).
	process.env.CATALOGUE_CACHE = 'on'
	resetEnvForTests()
	// Nothing kept from another file of this worker.
	await publish(STORE_CHANNEL, { type: 'breeds' })
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
	await addPet(customer.id, { name: 'Thor', breed: 'Vira-lata caramelo', neckCm: '', birthday: '' })
})

afterAll(async () => {
	await publish(STORE_CHANNEL, { type: 'breeds' })
	process.env.CATALOGUE_CACHE = 'off'
	resetEnvForTests()
})

/** /admin/aria's action as the back-office sends it. */
async function ownerPosts(form: Record<string, string>) {
	const request = new Request('http://loja.test/admin/aria', {
		method: 'POST',
		body: new URLSearchParams(form),
		headers: { cookie: admin.cookie },
	})
	const result = (await ariaAction({ request, params: {}, context: { clientIp: '203.0.113.7', cspNonce: '' } } as never)) as {
		init?: ResponseInit | null
	}
	expect(result.init?.status ?? 200).toBe(200)
}

/** The pets' suggestions (/resources/visitor) for Thor's owner, with the statements they cost. */
async function thorsView() {
	return measureRequest(async (metrics) => {
		const necks = await petNecksOf(customer.id)
		return { necks, queries: metrics.queries }
	})
}

const breedId = async (name: string) =>
	(await queryRows<{ id: string }>(sql`select id from aria_breed_sizes where name = ${name}`))[0]?.id ?? ''

describe('the breed table kept in memory (issue 31)', () => {
	test('a breed the table does not know: the table is read on the first view only, like a known one', async () => {
		await ownerPosts({ intent: 'save-breed', name: 'Golden Retriever', aliases: 'golden', neckCm: '50' })
		const first = await thorsView()
		expect(first.necks).toEqual([])
		// The pets, then the breed table.
		expect(first.queries).toBe(2)
		for (let view = 0; view < 3; view += 1) {
			const again = await thorsView()
			expect(again.necks).toEqual([])
			// The pets only: the miss is kept with the table, not read again.
			expect(again.queries).toBe(1)
		}
		// The size guide's table comes from the same memory.
		const guide = await measureRequest(async (metrics) => ({ result: await breedGuideLoader(), queries: metrics.queries }))
		expect((guide.result as unknown as { data: { breeds: unknown[] } }).data.breeds).toEqual([{ name: 'Golden Retriever', neckMm: 500 }])
		expect(guide.queries).toBe(0)
	})

	test("the owner's edit on /admin/aria is seen by the next view: added, changed, removed", async () => {
		await thorsView()
		await ownerPosts({ intent: 'save-breed', name: 'Vira-lata caramelo', aliases: 'caramelo', neckCm: '38' })
		expect((await thorsView()).necks).toEqual([{ name: 'Thor', neckMm: 380, breed: 'Vira-lata caramelo' }])

		const id = await breedId('Vira-lata caramelo')
		await ownerPosts({ intent: 'save-breed', id, name: 'Vira-lata caramelo', aliases: 'caramelo', neckCm: '41' })
		expect((await thorsView()).necks).toEqual([{ name: 'Thor', neckMm: 410, breed: 'Vira-lata caramelo' }])

		await ownerPosts({ intent: 'delete-breed', id })
		const afterDelete = await thorsView()
		expect(afterDelete.necks).toEqual([])
		expect((await thorsView()).queries).toBe(1)
	})

	test("another server's edit: not seen from memory until its store event arrives, seen at once after", async () => {
		await thorsView()
		// Written by another app server: this one hears of it only through the bus.
		await db.execute(sql`insert into aria_breed_sizes (name, aliases, neck_mm) values ('Vira-lata caramelo', '{}', 390)`)
		expect((await thorsView()).necks).toEqual([])
		// What the bus delivers here when that server's NOTIFY arrives (events.server.ts; its own tests cover LISTEN/NOTIFY).
		await publish(STORE_CHANNEL, { type: 'breeds' })
		expect((await thorsView()).necks).toEqual([{ name: 'Thor', neckMm: 390, breed: 'Vira-lata caramelo' }])
	})
})
