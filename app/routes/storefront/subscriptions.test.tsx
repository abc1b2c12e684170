import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createCollection, createProduct } from '~/commerce/builtin/test-factories.server'
import SubscriptionsPage, { loader, meta, SUBSCRIPTIONS_PAGE_SIZE } from './subscriptions'
import { publicUrl } from '~/server/env.server'

withTestDatabase()

/** Absolute URLs take the configured origin (PUBLIC_URL, here unset), never the request's. */
const SHOP_ORIGIN = publicUrl()
const rootMatch = { id: 'root', loaderData: { settings: { storeName: 'Loja Teste' } } }

function load() {
	return loader()
}

type PageData = Awaited<ReturnType<typeof load>>

// The page as the server renders it, inside a data router whose root data has the settings.
function render(loaderData: PageData) {
	const router = createMemoryRouter(
		[{ id: 'root', path: '/assinaturas', Component: () => <SubscriptionsPage {...({ loaderData } as unknown as Parameters<typeof SubscriptionsPage>[0])} /> }],
		{
			initialEntries: ['/assinaturas'],
			hydrationData: { loaderData: { root: { user: null, settings: { whatsappNumber: '5511999999999' } } } },
		},
	)
	// React separates adjacent text nodes with <!-- -->; drop them so copy reads as shown.
	return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '')
}

describe('/assinaturas', () => {
	test('with no subscription collection: the empty state, not an error', async () => {
		await clearCommerceTables()
		const data = await load()
		expect(data.products).toEqual([])
		const html = render(data)
		expect(html).toContain('Nenhum plano disponível no momento')
		expect(html).toContain('<h1')
	})

	test("lists the 'assinatura' products on sale as subscription cards, at most 50", async () => {
		await clearCommerceTables()
		const plans = [
			await createProduct({ title: 'Assinatura Clube da Bandana', variants: [{ priceCents: 3990 }] }),
			await createProduct({ title: 'Assinatura Kit Higiene', variants: [{ priceCents: 4990 }] }),
			await createProduct({ title: 'Assinatura Rascunho', status: 'draft' }),
		]
		for (let i = 0; i < SUBSCRIPTIONS_PAGE_SIZE; i += 1) plans.push(await createProduct({ title: `Plano ${i}` }))
		const other = await createProduct({ title: 'Bandana Floral' })
		await createCollection({ handle: 'assinatura', title: 'Assinaturas', productIds: plans.map((p) => p.product.id) })
		await createCollection({ handle: 'bandana', productIds: [other.product.id] })

		const data = await load()
		expect(data.products).toHaveLength(SUBSCRIPTIONS_PAGE_SIZE)
		expect(data.products.map((p) => p.title)).not.toContain('Assinatura Rascunho')
		expect(data.products.map((p) => p.title)).not.toContain('Bandana Floral')
		expect(data.products[0]).toMatchObject({ title: 'Assinatura Clube da Bandana', priceCents: 3990, isSubscription: true })

		const html = render(data)
		// Card: the annual price said once (issue 31), free shipping, details link instead of add.
		expect(html).toContain('R$\u00a0478,80')
		expect(html).toContain('equivale a R$ 39,90 por mês')
		expect(html).toContain('Ver Detalhes da Assinatura')
		expect(html).toContain('Frete Grátis')
		expect(html).not.toContain('Nenhum plano disponível no momento')
		// Page links the documents give the subscriptions page.
		for (const href of ['/#bandanas', '/#colares', '/#gravatas', '/#assinaturas', '/personalize', '/atacado']) {
			expect(html).toContain(`href="${href}"`)
		}
	})

	test('meta: title with the store name, description, canonical and og tags as absolute URLs', async () => {
		const tags = meta({ loaderData: await load(), matches: [rootMatch], error: undefined } as never)
		expect(tags).toContainEqual({ title: 'Assinaturas | Loja Teste' })
		expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${SHOP_ORIGIN}/assinaturas` })
		expect(tags).toContainEqual({ property: 'og:url', content: `${SHOP_ORIGIN}/assinaturas` })
		expect(tags).toContainEqual({ property: 'og:title', content: 'Assinaturas | Loja Teste' })
		const image = tags.find((t) => 'property' in t && t.property === 'og:image') as { content: string } | undefined
		expect(image?.content).toMatch(new RegExp(`^${SHOP_ORIGIN}/.+\\.jpg$`))
		const description = tags.find((t) => 'name' in t && t.name === 'description') as { content: string } | undefined
		expect(description?.content).toContain('frete grátis')
	})

	test('meta on the error page: the documented title, not indexed', () => {
		const tags = meta({ loaderData: undefined, matches: [rootMatch], error: new Error('x') } as never)
		expect(tags).toContainEqual({ title: 'Erro ao carregar produtos de assinatura | Loja Teste' })
		expect(tags).toContainEqual({ name: 'robots', content: 'noindex' })
	})
})
