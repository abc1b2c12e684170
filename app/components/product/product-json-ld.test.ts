import { describe, expect, it } from 'vitest'
import { brl } from '~/commerce'
import { centsToDecimal, productJsonLd, serializeJsonLd, whatsappProductMessage } from './product-json-ld'

function variant(id: string, cents: number, available: boolean) {
	return { id, title: id, price: brl(cents), compareAtPrice: null, availableForSale: available, selectedOptions: [], quantityAvailable: null }
}

describe('productJsonLd', () => {
	const base = {
		url: 'https://loja.exemplo.com/produto/bandana-preta',
		imageUrls: ['https://loja.exemplo.com/a.png'],
		brand: 'Loja Pet',
	}

	it('one offer per variant with the BRL price and availability, and the real rating', () => {
		const data = productJsonLd({
			...base,
			product: { title: 'Bandana Preta', description: ' Feita à mão. ', variants: [variant('P', 2990, false), variant('M', 3490, true)] },
			reviewSummary: { average: 4.666, count: 3 },
		})
		expect(data).toMatchObject({
			'@context': 'https://schema.org',
			'@type': 'Product',
			name: 'Bandana Preta',
			description: 'Feita à mão.',
			image: ['https://loja.exemplo.com/a.png'],
			brand: { '@type': 'Brand', name: 'Loja Pet' },
			aggregateRating: { ratingValue: 4.7, reviewCount: 3 },
			offers: [
				{ '@type': 'Offer', name: 'P', price: '29.90', priceCurrency: 'BRL', availability: 'https://schema.org/OutOfStock' },
				{ '@type': 'Offer', name: 'M', price: '34.90', priceCurrency: 'BRL', availability: 'https://schema.org/InStock' },
			],
		})
	})

	it('a single offer object, and no rating without reviews', () => {
		const data = productJsonLd({
			...base,
			product: { title: 'X', description: '', variants: [variant('Único', 1299, true)] },
			reviewSummary: { average: null, count: 0 },
		})
		expect(data.offers).toMatchObject({ price: '12.99', availability: 'https://schema.org/InStock' })
		expect(data).not.toHaveProperty('aggregateRating')
	})
})

describe('serializeJsonLd', () => {
	it('cannot close the script element', () => {
		const text = serializeJsonLd({ name: '</script><script>alert(1)</script> & <!--' })
		expect(text).not.toContain('<')
		expect(text).not.toContain('>')
		expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script> & <!--' })
	})
})

describe('helpers', () => {
	it('formats cents for schema.org and the WhatsApp message (document 000 §7)', () => {
		expect(centsToDecimal(3490)).toBe('34.90')
		expect(centsToDecimal(5)).toBe('0.05')
		expect(whatsappProductMessage('Bandana Preta')).toBe('Olá! Gostaria de ajuda para comprar o produto "Bandana Preta"')
	})
})
