import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import { brl, type Product, type ProductVariant } from '~/commerce'
import { SUBSCRIPTION_BENEFITS } from '~/components/subscriptions/plan'
import { sanitizeProductHtml } from '~/server/sanitize-html.server'
import { loadProductReviews } from '~/components/reviews/product-reviews-slot'
import { SubscriptionProduct, type SubscriptionProductProps } from './subscription-product'

// The product route's loader loads the reviews section's code before the server draws the page.
beforeAll(async () => {
	await loadProductReviews()
})

function variant(overrides: Partial<ProductVariant> = {}): ProductVariant {
	return {
		id: 'v1',
		title: 'Único',
		price: brl(3990),
		compareAtPrice: null,
		availableForSale: true,
		selectedOptions: [],
		quantityAvailable: null,
		...overrides,
	}
}

function product(overrides: Partial<Product> = {}): Product {
	return {
		id: 'p1',
		handle: 'assinatura-clube-da-bandana',
		title: 'Assinatura Clube da Bandana',
		description: 'Uma bandana nova todo mês.\n\nPlano anual de 12 meses com frete grátis.',
		descriptionHtml: '<p>Uma bandana nova todo mês.</p><script>alert(1)</script>',
		productType: 'Assinatura',
		tags: ['assinatura'],
		priceRange: { minVariantPrice: brl(3990), maxVariantPrice: brl(3990) },
		images: [{ url: '/img/clube.jpg', altText: null, width: 800, height: 800 }],
		variants: [variant()],
		options: [],
		collections: [{ handle: 'assinatura', title: 'Assinaturas' }],
		availableForSale: true,
		...overrides,
	}
}

function render(props: Partial<SubscriptionProductProps> = {}) {
	const all: SubscriptionProductProps = { product: product(), reviewSummary: { average: null, count: 0 }, reviews: [], ...props }
	// Inside a data router whose root data has what the review form reads (signed out).
	const router = createMemoryRouter([{ id: 'root', path: '/', Component: () => <SubscriptionProduct {...all} /> }], {
		hydrationData: { loaderData: { root: { user: null, settings: { whatsappNumber: '5511999999999' } } } },
	})
	return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '')
}

describe('SubscriptionProduct', () => {
	test('badge, the price said once (annual, instalments, monthly equivalent), free shipping and the closing call to action', () => {
		const html = render()
		expect(html).toContain('Assinatura Anual')
		expect(html).toContain('<h1')
		// issue 31: the annual price first, then how to pay it, then what it comes to per month.
		expect(html).toContain('R$\u00a0478,80 <span class="text-base font-medium whitespace-nowrap text-muted-foreground">por 12 meses</span>')
		expect(html).toContain('em até 6x de R$ 79,80 sem juros ou PIX à vista')
		expect(html).toContain('equivale a R$ 39,90 por mês')
		expect(html).not.toContain('/mês')
		expect(html).not.toContain('12x de')
		expect(html).toContain('Frete Grátis')
		expect(html).toContain('🎉 Frete grátis incluído na assinatura!')
		// Twice: beside the price and at the end of the page.
		expect(html.match(/Assinar por R\$ 478,80/g)).toHaveLength(2)
		expect(html).toContain('href="/assinaturas"')
	})

	test('six benefit cards', () => {
		const html = render()
		expect(SUBSCRIPTION_BENEFITS).toHaveLength(6)
		for (const benefit of SUBSCRIPTION_BENEFITS) expect(html).toContain(benefit.title)
	})

	test('the description is the formatted HTML the loader sanitised, like the standard layout', () => {
		// What the product loader hands over: the provider's HTML after the same sanitiser.
		const descriptionHtml = sanitizeProductHtml(
			'<p>Uma bandana <strong>nova</strong> todo mês.</p><ul><li>Frete grátis</li></ul><script>alert(1)</script><p onclick="x()">Plano anual</p>',
		)
		const html = render({ product: product({ descriptionHtml }) })
		expect(html).toContain('Sobre a assinatura')
		expect(html).toContain('<p>Uma bandana <strong>nova</strong> todo mês.</p><ul><li>Frete grátis</li></ul>')
		expect(html).toContain('Plano anual')
		expect(html).not.toContain('<script>')
		expect(html).not.toContain('onclick')
	})

	test('no description section when the description is empty', () => {
		expect(render({ product: product({ description: '', descriptionHtml: '' }) })).not.toContain('Sobre a assinatura')
	})

	test('prices follow the first variant that can be sold; several variants get a plan picker', () => {
		const html = render({
			product: product({
				variants: [
					variant({ id: 'v1', title: 'Mensal P', price: brl(2990), availableForSale: false }),
					variant({ id: 'v2', title: 'Mensal G', price: brl(5990) }),
				],
			}),
		})
		expect(html).toContain('Assinar por R$ 718,80')
		expect(html).toContain('Plano')
		expect(html).toMatch(/<option value="v1" disabled="">Mensal P — R\$ 358,80 por 12 meses<\/option>/)
	})

	test('a plan that cannot be sold is marked and its buttons are disabled', () => {
		const html = render({ product: product({ variants: [variant({ availableForSale: false })], availableForSale: false }) })
		expect(html).toContain('Indisponível')
		expect(html.match(/<button[^>]*disabled=""[^>]*>Assinar por/g)).toHaveLength(2)
	})

	test('real review average and count, and the approved reviews', () => {
		const html = render({
			reviewSummary: { average: 4.5, count: 2 },
			reviews: [
				{
					id: 'r1',
					customerName: 'Ana',
					rating: 5,
					comment: 'Meu cachorro ama as bandanas!',
					createdAt: '2026-03-05T15:00:00.000Z',
					dateLabel: '05/03/2026',
				},
				{ id: 'r2', customerName: 'Bruno', rating: 4, comment: null, createdAt: '2026-03-04T15:00:00.000Z', dateLabel: '04/03/2026' },
			],
		})
		expect(html).toContain('4,5 (2 avaliações)')
		expect(html).toContain('aria-label="4,5 de 5 estrelas"')
		// The shared reviews section: list with pt-BR dates and the form.
		expect(html).toContain('Ana')
		expect(html).toContain('Meu cachorro ama as bandanas!')
		expect(html).toContain('05/03/2026')
		expect(render({ reviewSummary: { average: 5, count: 1 } })).toContain('5,0 (1 avaliação)')
		const none = render()
		expect(none).not.toContain('(0 avaliações)')
		expect(none).toContain('Nenhuma avaliação ainda. Seja o primeiro a avaliar!')
	})
})
