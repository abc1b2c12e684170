import { beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { INTERNAL_TAG } from '~/commerce/internal-products'
import { createCollection, createProduct } from '~/commerce/builtin/test-factories.server'
import { reviews } from '~/db/schema'
import { db } from '~/server/db.server'
import { loader, meta } from './product'
import { publicUrl } from '~/server/env.server'

withTestDatabase()

const ORIGIN = 'http://loja.test'
/** Absolute URLs take the configured origin (PUBLIC_URL, here unset), never the request's. */
const SHOP_ORIGIN = publicUrl()

function args(handle: string) {
	return { request: new Request(`${ORIGIN}/produto/${handle}`), params: { handle }, context: { cspNonce: '' } } as never
}

async function statusOf(handle: string): Promise<number> {
	try {
		await loader(args(handle))
		return 200
	} catch (error) {
		if (error instanceof Response) return error.status
		throw error
	}
}

let bandanaId = ''

beforeAll(async () => {
	const bandana = await createProduct({
		title: 'Bandana Teste',
		handle: 'bandana-teste',
		productType: 'Bandana',
		description: 'Feita à mão.',
		descriptionHtml: '<p onclick="x()">Feita à <strong>mão</strong>.</p><script>alert(1)</script>',
		options: [{ name: 'Tamanho', values: ['P', 'M'] }],
		variants: [
			{ priceCents: 2990, available: false, selectedOptions: [{ name: 'Tamanho', value: 'P' }] },
			{ priceCents: 3490, selectedOptions: [{ name: 'Tamanho', value: 'M' }] },
		],
	})
	bandanaId = bandana.product.id
	await db.insert(reviews).values([
		{ productId: bandanaId, productName: 'x', customerName: 'Ana', customerEmail: 'a@x.com', rating: 5, isApproved: true },
		{ productId: bandanaId, productName: 'x', customerName: 'Bia', customerEmail: 'b@x.com', rating: 4, isApproved: true },
		{ productId: bandanaId, productName: 'x', customerName: 'Cris', customerEmail: 'c@x.com', rating: 1, isApproved: false },
	])
	// Three of the four add-ons exist; the perfume is switched off.
	await createProduct({ title: 'Adicional: Extensor', handle: 'adicional-extensor', tags: [INTERNAL_TAG], variants: [{ priceCents: 500 }] })
	await createProduct({ title: 'Adicional: Nome', handle: 'adicional-nome-pet', tags: [INTERNAL_TAG], variants: [{ priceCents: 1000 }] })
	await createProduct({ title: 'Adicional: Instagram', handle: 'adicional-instagram-pet', tags: [INTERNAL_TAG], variants: [{ priceCents: 1000 }] })
	await createProduct({
		title: 'Adicional: Perfume',
		handle: 'adicional-perfume',
		tags: [INTERNAL_TAG],
		variants: [{ priceCents: 1299, available: false }],
	})
	await createProduct({ title: 'Gravata Azul', handle: 'gravata-azul', productType: 'Gravata' })
	const plan = await createProduct({ title: 'Assinatura Mimo', handle: 'assinatura-mimo', variants: [{ priceCents: 4990 }] })
	await createCollection({ handle: 'assinatura', title: 'Assinaturas', productIds: [plan.product.id] })
})

describe('product loader', () => {
	test('unknown, malformed and internal handles answer 404', async () => {
		expect(await statusOf('nao-existe')).toBe(404)
		expect(await statusOf('Não Existe')).toBe(404)
		expect(await statusOf('adicional-extensor')).toBe(404)
	})

	test('a bandana: sanitised description, approved reviews only, add-ons priced by the server', async () => {
		const data = await loader(args('BANDANA-TESTE'))
		expect(data.product.id).toBe(bandanaId)
		expect(data.isSubscription).toBe(false)
		expect(data.product.descriptionHtml).toBe('<p>Feita à <strong>mão</strong>.</p>')
		expect(data.reviewSummary).toEqual({ average: 4.5, count: 2 })
		expect(data.reviews.map((r) => r.customerName).sort()).toEqual(['Ana', 'Bia'])
		// The switched-off perfume is not offered.
		expect(data.addons.map(({ key, priceCents }) => ({ key, priceCents }))).toEqual([
			{ key: 'extensor', priceCents: 500 },
			{ key: 'petName', priceCents: 1000 },
			{ key: 'instagram', priceCents: 1000 },
		])
		expect(data.addons.every((a) => a.variantId.length > 0)).toBe(true)
		expect(data.seo.canonicalUrl).toBe(`${SHOP_ORIGIN}/produto/bandana-teste`)
		expect(data.seo.imageUrl).toBe(`${SHOP_ORIGIN}/media/bandana-teste-1.jpg`)
		// The first sellable variant's price; JSON-LD with '<' escaped.
		expect(data.seo.priceCents).toBe(3490)
		expect(data.seo.jsonLd).not.toContain('<')
		expect(JSON.parse(data.seo.jsonLd)).toMatchObject({ '@type': 'Product', aggregateRating: { ratingValue: 4.5, reviewCount: 2 } })
	})

	test('other products get no add-ons; subscriptions are flagged', async () => {
		expect((await loader(args('gravata-azul'))).addons).toEqual([])
		const plan = await loader(args('assinatura-mimo'))
		expect(plan.isSubscription).toBe(true)
		expect(plan.addons).toEqual([])
	})

	test('meta: title with the store name, canonical, og:image and product price', async () => {
		const data = await loader(args('bandana-teste'))
		const tags = meta({ loaderData: data, matches: [{ id: 'root', loaderData: { settings: { storeName: 'Loja' } } }], error: undefined } as never)
		expect(tags).toContainEqual({ title: 'Bandana Teste | Loja' })
		expect(tags).toContainEqual({ name: 'description', content: 'Feita à mão.' })
		expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SHOP_ORIGIN}/produto/bandana-teste` })
		expect(tags).toContainEqual({ property: 'og:image', content: `${SHOP_ORIGIN}/media/bandana-teste-1.jpg` })
		expect(tags).toContainEqual({ property: 'product:price:amount', content: '34.90' })
	})

	test('meta for a missing product says so and is not indexed', () => {
		const error = { status: 404, statusText: 'Not Found', internal: false, data: 'x' }
		const tags = meta({ loaderData: undefined, matches: [], error } as never)
		expect(tags).toContainEqual({ name: 'robots', content: 'noindex' })
	})
})

