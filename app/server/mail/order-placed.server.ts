import { productsWithAddons } from '~/commerce/rules/line-groups'
import type { MailMessage } from '~/server/mail.server'
import { formatMoney } from '~/utils/format'
import { lineDetails } from '~/utils/order-summary-line'
import { type MailParagraph, mailHtml, mailText } from './mail-html.server'

/** 'Pedido recebido' (spec decision 5: every order gets e-mails on placed, paid and shipped). */
export type OrderPlacedMail = {
	reference: string
	customerName: string
	totalCents: number
	paymentMethod: 'pix' | 'card'
	lines: Array<{
		title: string
		/** The shopper's choices ('Nome do pet: Thor • Fixação: Presilha'), if any. */
		details?: string
		quantity: number
		totalCents: number
		isGift: boolean
		/** Issue 31: an add-on, listed under its product (the lines come in that order). */
		isAddon?: boolean
	}>
	/** Absolute link to /pedido/{reference}. */
	orderUrl: string
	/** The copia-e-cola payload while a PIX order waits for payment. */
	pixPayload?: string | null
	/** Charged by the test card provider (decision 019): the mail says no money moved. */
	testPayment?: boolean
	/** Decision 085: 'Chega entre 8 e 11 de dezembro' (', se o pagamento for confirmado hoje' while unpaid). */
	deliveryPromise?: string | null
}

/** An order line as stored (order_lines), in whatever order the database returns it. */
export type StoredOrderLine = {
	product_title: string
	variant_title: string
	attributes: { key: string; value: string }[] | null
	quantity: number
	line_total_cents: number
	is_gift: boolean
}

/** The e-mail's lines: each product followed by its add-ons (issue 31, decision 108), with the shopper's choices. */
export function orderMailLines(lines: readonly StoredOrderLine[]): OrderPlacedMail['lines'] {
	return productsWithAddons(lines, (l) => l).map(({ line: l, addonOf }) => ({
		isAddon: addonOf !== null,
		title: l.variant_title && l.variant_title !== 'Único' ? `${l.product_title} (${l.variant_title})` : l.product_title,
		details: lineDetails(l.attributes),
		quantity: l.quantity,
		totalCents: l.line_total_cents,
		isGift: l.is_gift,
	}))
}

export function orderPlacedEmail(order: OrderPlacedMail): Omit<MailMessage, 'to'> {
	const firstName = order.customerName.trim().split(/\s+/)[0] ?? order.customerName
	const items = order.lines.map(
		(l) => `${l.isAddon ? '   ↳ ' : ''}${l.quantity}× ${l.title}${l.details ? ` (${l.details})` : ''} — ${l.isGift ? 'GRÁTIS (brinde)' : formatMoney(l.totalCents)}`,
	)
	const payment: MailParagraph[] =
		order.paymentMethod === 'pix'
			? order.pixPayload
				? ['Para pagar, use o PIX copia e cola abaixo (ou o QR Code na página do pedido):', { code: order.pixPayload }]
				: ['O pagamento é por PIX: veja o QR Code na página do pedido.']
			: order.testPayment
				? ['Pagamento com cartão de crédito aprovado em ambiente de TESTE: nenhum valor foi cobrado.']
				: ['Pagamento com cartão de crédito aprovado.']
	const paragraphs: MailParagraph[] = [
		`Olá, ${firstName}!`,
		`Recebemos o seu pedido ${order.reference}. Obrigado pela compra!`,
		...items,
		`Total: ${formatMoney(order.totalCents)}`,
		...payment,
		...(order.deliveryPromise ? [`Previsão de entrega: ${order.deliveryPromise}.`] : []),
		{ label: 'Acompanhe o pedido em:', url: order.orderUrl },
	]
	return {
		subject: `${order.testPayment ? '[Teste] ' : ''}Pedido recebido: ${order.reference}`,
		text: mailText(paragraphs),
		html: mailHtml(paragraphs),
	}
}
