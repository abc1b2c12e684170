import type { MailMessage } from '~/server/mail.server'
import { formatMoney } from '~/utils/format'

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
	}>
	/** Absolute link to /pedido/{reference}. */
	orderUrl: string
	/** The copia-e-cola payload while a PIX order waits for payment. */
	pixPayload?: string | null
	/** Charged by the test card provider (decision 019): the mail says no money moved. */
	testPayment?: boolean
}

function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

export function orderPlacedEmail(order: OrderPlacedMail): Omit<MailMessage, 'to'> {
	const firstName = order.customerName.trim().split(/\s+/)[0] ?? order.customerName
	const items = order.lines.map(
		(l) => `${l.quantity}× ${l.title}${l.details ? ` (${l.details})` : ''} — ${l.isGift ? 'GRÁTIS (brinde)' : formatMoney(l.totalCents)}`,
	)
	const payment =
		order.paymentMethod === 'pix'
			? order.pixPayload
				? ['Para pagar, use o PIX copia e cola abaixo (ou o QR Code na página do pedido):', order.pixPayload]
				: ['O pagamento é por PIX: veja o QR Code na página do pedido.']
			: order.testPayment
				? ['Pagamento com cartão de crédito aprovado em ambiente de TESTE: nenhum valor foi cobrado.']
				: ['Pagamento com cartão de crédito aprovado.']
	const paragraphs = [
		`Olá, ${firstName}!`,
		`Recebemos o seu pedido ${order.reference}. Obrigado pela compra!`,
		...items,
		`Total: ${formatMoney(order.totalCents)}`,
		...payment,
		`Acompanhe o pedido em: ${order.orderUrl}`,
	]
	return {
		subject: `${order.testPayment ? '[Teste] ' : ''}Pedido recebido: ${order.reference}`,
		text: `${paragraphs.join('\n\n')}\n`,
		html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">${paragraphs
			.map((p) => `<p style="margin:0 0 12px;word-break:break-all">${escapeHtml(p)}</p>`)
			.join('')}</body></html>`,
	}
}
