import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { pointsHistory, reviews, userProfiles, users } from '~/db/schema'
import { db } from '~/server/db.server'
import { ANONYMOUS_REVIEW_EMAIL, listApprovedReviews } from '~/server/reviews.server'
import { action, loader, REVIEW_RATE_LIMIT } from './reviews'

withTestDatabase()
afterEach(() => {
	vi.useRealTimers()
})

let ipCounter = 0
function freshIp() {
	ipCounter += 1
	return `192.0.2.${ipCounter}`
}

async function post(fields: Record<string, string>, options: { cookie?: string; ip?: string } = {}) {
	const request = new Request('http://loja.test/resources/reviews', {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: options.cookie ? { cookie: options.cookie } : {},
	})
	const result = (await action({ request, params: {}, context: { clientIp: options.ip ?? freshIp(), cspNonce: '' } } as never)) as unknown as {
		data: Record<string, unknown>
		init: ResponseInit | null
	}
	return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) }
}

const comment = 'A bandana é linda e veio rapidinho!'

describe('POST /resources/reviews', () => {
	test('anonymous: typed name kept, placeholder e-mail, catalogue product name, pending', async () => {
		const { product } = await createProduct({ title: 'Bandana Floral' })
		const result = await post({ productId: product.id, rating: '5', comment, name: ' Carla ', productName: 'Forjado' })
		expect(result).toMatchObject({ status: 201, data: { ok: true } })
		const [row] = await db.select().from(reviews).where(eq(reviews.productId, product.id))
		expect(row).toMatchObject({
			productName: 'Bandana Floral',
			customerName: 'Carla',
			customerEmail: ANONYMOUS_REVIEW_EMAIL,
			userId: null,
			rating: 5,
			comment,
			isApproved: false,
		})
		// Pending: not public.
		expect(await listApprovedReviews(product.id)).toEqual([])

		await post({ productId: product.id, rating: '4', comment })
		const names = (await db.select().from(reviews).where(eq(reviews.productId, product.id))).map((r) => r.customerName)
		expect(names.sort()).toEqual(['Anônimo', 'Carla'])
	})

	test('signed in: the profile name (not the typed one) and the account e-mail; no points at creation', async () => {
		const { product } = await createProduct()
		const person = await userWithSession()
		const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, person.id))
		await db.insert(userProfiles).values({ userId: person.id, fullName: 'Fernanda Alves' }).onConflictDoUpdate({
			target: userProfiles.userId,
			set: { fullName: 'Fernanda Alves' },
		})
		expect((await post({ productId: product.id, rating: '4', comment, name: 'Outra Pessoa' }, { cookie: person.cookie })).status).toBe(201)
		const [row] = await db.select().from(reviews).where(eq(reviews.productId, product.id))
		expect(row).toMatchObject({ customerName: 'Fernanda Alves', customerEmail: account?.email, userId: person.id })
		expect(await db.select().from(pointsHistory).where(eq(pointsHistory.userId, person.id))).toHaveLength(0)
	})

	test('signed in without a profile name: the e-mail before @', async () => {
		const { product } = await createProduct()
		const person = await userWithSession()
		const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, person.id))
		await post({ productId: product.id, rating: '3', comment }, { cookie: person.cookie })
		const [row] = await db.select().from(reviews).where(eq(reviews.productId, product.id))
		expect(row?.customerName).toBe(account?.email.split('@')[0])
	})

	test('invalid input: 400 with the spec message first and per-field errors; nothing stored', async () => {
		const { product } = await createProduct()
		const result = await post({ productId: product.id, rating: '', comment: 'curto', name: 'x'.repeat(51) })
		expect(result.status).toBe(400)
		expect(result.data).toEqual({
			ok: false,
			message: 'Selecione uma avaliação',
			fieldErrors: {
				rating: 'Selecione uma avaliação',
				comment: 'O comentário deve ter pelo menos 10 caracteres',
				name: 'O nome deve ter no máximo 50 caracteres',
			},
		})
		expect((await post({ productId: product.id, rating: '5', comment: 'a'.repeat(501) })).data).toMatchObject({
			message: 'O comentário deve ter no máximo 500 caracteres',
		})
		expect(await db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(0)
	})

	test('an unknown or draft product: 404', async () => {
		const { product: draft } = await createProduct({ status: 'draft' })
		expect(await post({ productId: draft.id, rating: '5', comment })).toMatchObject({
			status: 404,
			data: { ok: false, message: 'Produto não encontrado' },
		})
		expect((await post({ productId: 'bandana', rating: '5', comment })).status).toBe(400)
	})

	test('rate-limited per client address (429 with Retry-After)', async () => {
		const { product } = await createProduct()
		const ip = freshIp()
		// One fixed window for the whole loop, even if the run crosses the hour.
		vi.useFakeTimers({ toFake: ['Date'] })
		vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 1000)
		for (let i = 0; i < REVIEW_RATE_LIMIT.limit; i += 1) {
			expect((await post({ productId: product.id, rating: '5', comment }, { ip })).status).toBe(201)
		}
		const refused = await post({ productId: product.id, rating: '5', comment }, { ip })
		expect(refused).toMatchObject({ status: 429, data: { ok: false, message: 'Muitas avaliações enviadas. Tente novamente mais tarde.' } })
		expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
	})

	test('GET answers 405', () => {
		const result = loader() as unknown as { init: ResponseInit | null }
		expect(result.init?.status).toBe(405)
	})
})
