import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { brl, type ProductSummary } from '~/commerce'
import { ProductCard, toProductCardData, type ProductCardData } from './product-card'
import { setVisitor, type Visitor } from './visitor'

// Renders the card as the server does, inside a data router whose root data has the settings.
function render(
	product: ProductCardData,
	props: { priority?: boolean } = {},
	root: { user?: unknown; favoriteProductIds?: string[] } = {},
	settings: { pixDiscountPercent?: number } = {},
) {
	setVisitor({ user: null, favoriteProductIds: [], ...root } as unknown as Visitor)
	const router = createMemoryRouter([{ id: 'root', path: '/', Component: () => <ProductCard product={product} {...props} /> }], {
		hydrationData: {
			loaderData: {
				root: { settings: { whatsappNumber: '5511999999999', ...settings } },
			},
		},
	})
	return renderToString(<RouterProvider router={router} />)
}

function summary(overrides: Partial<ProductSummary> = {}): ProductSummary {
	return {
		id: 'p1',
		handle: 'bandana-floral',
		title: 'Bandana Floral',
		description: '',
		productType: '',
		tags: [],
		priceRange: { minVariantPrice: brl(2990), maxVariantPrice: brl(3990) },
		images: [{ url: '/img/floral.jpg', altText: 'Bandana Floral', width: 600, height: 600 }],
		variants: [],
		options: [],
		collections: [{ handle: 'bandana', title: 'Bandanas' }],
		availableForSale: true,
		...overrides,
	}
}

describe('ProductCard', () => {
	test('with the store’s PIX discount, the PIX price and percent replace "ou PIX à vista" (issue 13)', () => {
		const html = render(toProductCardData(summary()), {}, {}, { pixDiscountPercent: 5 })
		expect(html).toContain('ou R$ 28,40 no PIX (5% de desconto)')
		expect(html).not.toContain('ou PIX à vista')
	})

	test('a normal product: title link, minimum price, instalment and PIX lines, lazy sized image, favourite button', () => {
		const html = render(toProductCardData(summary()))
		expect(html).toContain('href="/produto/bandana-floral"')
		// A no-break space: 'R$' never ends a line on a phone (issue 31).
		expect(html).toContain('R$\u00a029,90')
		// 6 instalments of R$ 29,90, rounded up to the cent (issue 13).
		expect(html).toContain('em até 6x de R$ 4,99 sem juros')
		expect(html).toContain('ou PIX à vista')
		expect(html).toMatch(/<img[^>]*width="600"[^>]*height="600"/)
		expect(html).toMatch(/<img[^>]*loading="lazy"/)
		// Not one of our uploads: sent as it is, with no srcset (and so no sizes, which would do nothing).
		expect(html).toMatch(/<img[^>]*src="\/img\/floral.jpg"/)
		expect(html).not.toMatch(/srcSet|sizes=/i)
		expect(html).toContain('aria-label="Adicionar aos favoritos"')
		expect(html).not.toContain('Indisponível')
		expect(html).not.toContain('/mês')
	})

	test('an uploaded photo gets a srcset up to its real width, the grid sizes, and keeps its box and lazy loading', () => {
		const url = '/uploads/user-photos/u1/1700000000000.jpg'
		const html = render(toProductCardData(summary({ images: [{ url, altText: null, width: 700, height: 700 }] })))
		const img = /<img[^>]*>/.exec(html)?.[0] ?? ''
		expect(img).toContain(`src="${url}?w=960"`)
		expect(img).toContain(`srcSet="${url}?w=160 160w, ${url}?w=320 320w, ${url}?w=480 480w, ${url}?w=640 640w, ${url}?w=960 700w"`)
		expect(img).toContain('sizes="(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw"')
		expect(img).toMatch(/width="700"[^>]*height="700"/)
		expect(img).toContain('loading="lazy"')
	})

	test('first-row cards load their image eagerly', () => {
		expect(render(toProductCardData(summary()), { priority: true })).toMatch(/<img[^>]*loading="eager"/)
	})

	test('an unavailable product shows the badge', () => {
		expect(render(toProductCardData(summary({ availableForSale: false })))).toContain('Indisponível')
	})

	test('a subscription says its price once (annual, instalments, monthly equivalent), free shipping and WhatsApp instead of add', () => {
		const product = toProductCardData(
			summary({
				priceRange: { minVariantPrice: brl(4990), maxVariantPrice: brl(4990) },
				collections: [{ handle: 'assinatura', title: 'Assinaturas' }],
			}),
		)
		expect(product.isSubscription).toBe(true)
		const html = render(product)
		// issue 31: the annual price, how to pay it, what it comes to per month; no '/mês' beside it.
		expect(html).toMatch(/R\$\u00a0598,80(<!-- -->)? <span[^>]*>por 12 meses/)
		expect(html).toContain('em até 6x de R$ 99,80 sem juros')
		expect(html).toContain('equivale a R$ 49,90 por mês')
		expect(html).not.toContain('/mês')
		expect(html).not.toContain('Total anual')
		expect(html).toContain('Frete Grátis')
		expect(html).toContain('Ver Detalhes da Assinatura')
		expect(html).toContain('https://wa.me/5511999999999?text=')
	})

	test('the heart shows whether the signed-in person favourited the product (visitor data)', () => {
		const product = toProductCardData(summary())
		const user = { id: 'u1', email: 'ana@exemplo.com', isAdmin: false, fullName: null }
		const favourite = render(product, {}, { user, favoriteProductIds: ['outro', 'p1'] })
		expect(favourite).toMatch(
			/<button[^>]*aria-label="Remover dos favoritos"[^>]*aria-pressed="true"|<button[^>]*aria-pressed="true"[^>]*aria-label="Remover dos favoritos"/,
		)
		const notFavourite = render(product, {}, { user, favoriteProductIds: ['outro'] })
		expect(notFavourite).toContain('aria-label="Adicionar aos favoritos"')
		expect(notFavourite).toContain('aria-pressed="false"')
		// Signed out: never shown as a favourite.
		expect(render(product)).toContain('aria-pressed="false"')
	})
})
