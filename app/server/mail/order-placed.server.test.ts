import { describe, expect, test } from 'vitest'
import { GROUP_ATTRIBUTE_KEY } from '~/commerce/rules/line-groups'
import { LINE_ATTRIBUTE_KEYS } from '~/commerce/rules/add-on-lines'
import { orderMailLines, orderPlacedEmail, type StoredOrderLine } from './order-placed.server'
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

	test('each add-on comes right after its bandana, in the text and the HTML (issue 31), whatever the stored order', () => {
		const group = (value: string) => ({ key: GROUP_ATTRIBUTE_KEY, value })
		const forProduct = (title: string) => ({ key: LINE_ATTRIBUTE_KEYS.forProduct, value: title })
		// As sendPlacedMail reads them: 'order by is_gift, product_title', so every 'Adicional: …' first.
		const stored: StoredOrderLine[] = [
			{
				product_title: 'Adicional: Bordado do nome do pet',
				variant_title: 'Único',
				attributes: [{ key: 'Nome do pet', value: 'Thor' }, forProduct('Bandana Personalizada'), group('aaaaaaaaaaaaaaaa')],
				quantity: 1,
				line_total_cents: 1000,
				is_gift: false,
			},
			{
				product_title: 'Adicional: Extensor',
				variant_title: 'Único',
				attributes: [forProduct('Bandana Xadrez'), group('bbbbbbbbbbbbbbbb')],
				quantity: 2,
				line_total_cents: 1000,
				is_gift: false,
			},
			{
				product_title: 'Bandana Personalizada',
				variant_title: 'M',
				attributes: [{ key: 'Cor', value: 'Preto' }, group('aaaaaaaaaaaaaaaa')],
				quantity: 1,
				line_total_cents: 2990,
				is_gift: false,
			},
			{ product_title: 'Bandana Xadrez', variant_title: 'G', attributes: [group('bbbbbbbbbbbbbbbb')], quantity: 2, line_total_cents: 5980, is_gift: false },
			{ product_title: 'Lacinho', variant_title: 'Único', attributes: null, quantity: 1, line_total_cents: 0, is_gift: true },
		]
		const mail = orderPlacedEmail({
			reference: 'PET-7K3M9Q',
			customerName: 'Ana',
			totalCents: 10970,
			paymentMethod: 'card',
			lines: orderMailLines(stored),
			orderUrl: 'https://loja.test/pedido/PET-7K3M9Q',
		})
		const expected = [
			'1× Bandana Personalizada (M) (Cor: Preto)',
			'   ↳ 1× Adicional: Bordado do nome do pet (Nome do pet: Thor • Para: Bandana Personalizada)',
			'2× Bandana Xadrez (G)',
			'   ↳ 2× Adicional: Extensor (Para: Bandana Xadrez)',
			'1× Lacinho',
		]
		// The item paragraphs, without their price (' — R$ …').
		const items = (paragraphs: string[]) => paragraphs.filter((p) => p.includes('× ')).map((p) => p.split(' — ')[0])
		expect(items(mail.text.split('\n\n'))).toEqual(expected)
		expect(items([...(mail.html ?? '').matchAll(/<p [^>]*>([^<]*)<\/p>/g)].map(([, text]) => text ?? ''))).toEqual(expected)
		// The hidden group key is never shown.
		expect(mail.text).not.toContain(GROUP_ATTRIBUTE_KEY)
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
