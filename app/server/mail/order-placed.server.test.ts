import { describe, expect, test } from 'vitest'
import { orderPlacedEmail } from './order-placed.server'
import { orderPaidEmail, orderShippedEmail } from './order-status-mail.server'

describe('orderPlacedEmail', () => {
	test('subject with the reference; items, total, PIX payload and the order link; HTML escaped', () => {
		const mail = orderPlacedEmail({
			reference: 'PET-7K3M9Q',
			customerName: '<b>Ana</b> Souza',
			totalCents: 6980,
			paymentMethod: 'pix',
			lines: [
				{ title: 'Bandana Floral (P)', quantity: 2, totalCents: 6980, isGift: false },
				{ title: 'Lacinho', quantity: 1, totalCents: 0, isGift: true },
			],
			orderUrl: 'https://loja.test/pedido/PET-7K3M9Q',
			pixPayload: '000201XYZ',
		})
		expect(mail.subject).toBe('Pedido recebido: PET-7K3M9Q')
		expect(mail.text).toContain('2× Bandana Floral (P) — R$')
		expect(mail.text).toContain('1× Lacinho — GRÁTIS (brinde)')
		expect(mail.text).toMatch(/Total: R\$\s69,80/)
		expect(mail.text).toContain('000201XYZ')
		expect(mail.text).toContain('https://loja.test/pedido/PET-7K3M9Q')
		expect(mail.html).toContain('Olá, &lt;b&gt;Ana&lt;/b&gt;!')
		expect(mail.html).not.toContain('<b>Ana')
	})

	test('the promised dates, when the order has them (decision 085)', () => {
		const base = { reference: 'PET-BBBBBB', customerName: 'Ana', totalCents: 1000, paymentMethod: 'card' as const, lines: [], orderUrl: 'https://loja.test/p' }
		expect(orderPlacedEmail({ ...base, deliveryPromise: 'Chega entre 8 e 11 de dezembro' }).text).toContain(
			'Previsão de entrega: Chega entre 8 e 11 de dezembro.',
		)
		expect(orderPlacedEmail(base).text).not.toContain('Previsão')
	})

	test('card orders say the payment was approved', () => {
		const mail = orderPlacedEmail({
			reference: 'PET-AAAAAA',
			customerName: 'Ana',
			totalCents: 1000,
			paymentMethod: 'card',
			lines: [],
			orderUrl: 'https://loja.test/pedido/PET-AAAAAA',
		})
		expect(mail.text).toContain('Pagamento com cartão de crédito aprovado.')
	})

	test('a test-mode card order says so in the subject and the text', () => {
		const mail = orderPlacedEmail({
			reference: 'PET-AAAAAA',
			customerName: 'Ana',
			totalCents: 1000,
			paymentMethod: 'card',
			lines: [],
			orderUrl: 'https://loja.test/pedido/PET-AAAAAA',
			testPayment: true,
		})
		expect(mail.subject).toBe('[Teste] Pedido recebido: PET-AAAAAA')
		expect(mail.text).toContain('ambiente de TESTE: nenhum valor foi cobrado.')
	})

	test('HTML part (issue 28): the order address is a link; only the PIX code may break mid-word', () => {
		const pixPayload = `00020126580014br.gov.bcb.pix0136${'a'.repeat(36)}5204000053039865406069.805802BR5913Pet Estilo6009SAO PAULO62070503***6304ABCD`
		const mail = orderPlacedEmail({
			reference: 'PET-7K3M9Q',
			customerName: 'Ana Souza',
			totalCents: 6980,
			paymentMethod: 'pix',
			lines: [{ title: 'Bandana Floral (P)', quantity: 2, totalCents: 6980, isGift: false }],
			orderUrl: 'https://loja.test/pedido/PET-7K3M9Q?token=a&b',
			pixPayload,
		})
		expect(mail.html).toContain('Acompanhe o pedido em: <a href="https://loja.test/pedido/PET-7K3M9Q?token=a&amp;b"')
		const paragraphs = [...(mail.html ?? '').matchAll(/<p style="([^"]*)">([^<]*)/g)].map(([, style, text]) => ({ style, text }))
		const breaking = paragraphs.filter((p) => /break-all/.test(p.style ?? ''))
		expect(breaking.map((p) => p.text)).toEqual([pixPayload])
		expect(mail.text).toContain('Acompanhe o pedido em: https://loja.test/pedido/PET-7K3M9Q?token=a&b')
	})

	test('the paid and shipped e-mails link the order too', () => {
		const order = { storeName: 'Pet Estilo', reference: 'PET-7K3M9Q', customerName: 'Ana', totalCents: 6980, orderUrl: 'https://loja.test/pedido/PET-7K3M9Q' }
		for (const mail of [orderPaidEmail(order), orderShippedEmail({ ...order, trackingCode: 'BR123' })]) {
			expect(mail.html).toContain('<a href="https://loja.test/pedido/PET-7K3M9Q"')
			expect(mail.html).not.toContain('break-all')
		}
	})
})
