import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import type { PublicReview } from '~/utils/reviews'
import { ProductReviews } from './product-reviews'
import { loadProductReviews, ProductReviewsSlot } from './product-reviews-slot'
import { StarRating } from './star-rating'
import { setVisitor, type Visitor } from '~/components/shop/visitor'

function render(node: React.ReactNode, user: unknown = null) {
	setVisitor({ user, favoriteProductIds: [] } as unknown as Visitor)
	const router = createMemoryRouter([{ id: 'root', path: '/', Component: () => node }], {
		hydrationData: { loaderData: { root: { settings: {} } } },
	})
	return renderToString(<RouterProvider router={router} />)
}

const reviews: PublicReview[] = [
	{
		id: 'r2',
		customerName: 'Nova',
		rating: 4,
		comment: 'Chegou rapidinho!',
		createdAt: '2025-03-05T15:00:00.000Z',
		dateLabel: '05/03/2025',
	},
	{ id: 'r1', customerName: 'Velha', rating: 5, comment: null, createdAt: '2025-01-01T01:00:00.000Z', dateLabel: '31/12/2024' },
]

describe('StarRating', () => {
	test('one image named like "4,5 de 5 estrelas", stars rounded', () => {
		const html = renderToString(<StarRating value={4.46} />)
		expect(html).toContain('role="img"')
		expect(html).toContain('aria-label="4,5 de 5 estrelas"')
		expect(html).toContain('data-stars="4"')
		expect(renderToString(<StarRating value={4.6} />)).toContain('data-stars="5"')
		expect(renderToString(<StarRating value={0} />)).toContain('data-stars="0"')
	})
})

describe('ProductReviews', () => {
	// The product route's loader loads the section's code before the server draws the page.
	beforeAll(async () => {
		await loadProductReviews()
	})

	test('summary with one decimal and plural count; reviews newest first with pt-BR dates', () => {
		const html = render(<ProductReviews productId="p" productTitle="Bandana" reviews={reviews} summary={{ average: 4.5, count: 2 }} />)
		expect(html).toContain('4,5')
		expect(html).toContain('2 avaliações')
		expect(html.indexOf('Nova')).toBeLessThan(html.indexOf('Velha'))
		expect(html).toContain('05/03/2025')
		// 01:00 UTC on 1 January is still 31 December in São Paulo.
		expect(html).toContain('31/12/2024')
		expect(html).toContain('dateTime="2025-03-05T15:00:00.000Z"')
		expect(html).toContain('Chegou rapidinho!')
	})

	test('no reviews: an invitation instead of a summary; singular count', () => {
		const empty = render(<ProductReviews productId="p" productTitle="Bandana" reviews={[]} summary={{ average: null, count: 0 }} />)
		expect(empty).toContain('Nenhuma avaliação ainda')
		expect(empty).not.toContain('avaliações</span>')
		const one = render(
			<ProductReviews productId="p" productTitle="Bandana" reviews={reviews.slice(0, 1)} summary={{ average: 4, count: 1 }} />,
		)
		expect(one).toContain('1 avaliação')
	})

	test('the form: five star radios, submit disabled until a star is chosen, counter 0/500, name only when signed out', () => {
		const html = render(<ProductReviews productId="p" productTitle="Bandana" reviews={[]} summary={{ average: null, count: 0 }} />)
		// Drawn in full by the server, inside the slot the browser keeps as it is until the section's code comes.
		const slot = render(<ProductReviewsSlot productId="p" productTitle="Bandana" reviews={[]} summary={{ average: null, count: 0 }} />)
		expect(slot).toMatch(/^<div><section[^>]*>[\s\S]*<form[^>]*aria-label="Avaliar Bandana"/)
		expect(html).toMatch(/<form[^>]*aria-label="Avaliar Bandana"/)
		expect(html.match(/type="radio"/g)).toHaveLength(5)
		expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/)
		expect(html).toContain('0<!-- -->/<!-- -->500')
		expect(html).toContain('maxLength="500"')
		expect(html).toContain('Seu nome (opcional)')
		const signedIn = render(<ProductReviews productId="p" productTitle="Bandana" reviews={[]} summary={{ average: null, count: 0 }} />, {
			id: 'u',
			email: 'a@b.c',
			isAdmin: false,
			fullName: null,
		})
		expect(signedIn).not.toContain('Seu nome (opcional)')
	})
})
