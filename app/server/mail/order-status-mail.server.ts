import type { MailMessage } from '~/server/mail.server'
import { formatMoney } from '~/utils/format'

/**
 * 'Pagamento confirmado' and 'Pedido enviado' (spec decision 5: every order gets e-mails on
 * placed, paid and shipped). Plain Portuguese text plus a minimal HTML copy; links are
 * absolute because they are opened from a mail client.
 */
export type OrderStatusMail = {
	storeName: string
	reference: string
	customerName: string
	totalCents: number
	/** Absolute link to /pedido/{reference}. */
	orderUrl: string
}

function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

function firstName(name: string): string {
	return name.trim().split(/\s+/)[0] || name
}

function render(subject: string, paragraphs: string[]): Omit<MailMessage, 'to'> {
	return {
		subject,
		text: `${paragraphs.join('\n\n')}\n`,
		html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">${paragraphs
			.map((p) => `<p style="margin:0 0 12px;word-break:break-word">${escapeHtml(p)}</p>`)
			.join('')}</body></html>`,
	}
}

export function orderPaidEmail(order: OrderStatusMail): Omit<MailMessage, 'to'> {
	return render(`Pagamento confirmado: ${order.reference}`, [
		`Olá, ${firstName(order.customerName)}!`,
		`Confirmamos o pagamento do seu pedido ${order.reference} (${formatMoney(order.totalCents)}). Agora é com a gente: vamos preparar tudo com carinho.`,
		`Acompanhe o pedido em: ${order.orderUrl}`,
		`Equipe ${order.storeName}`,
	])
}

export function orderShippedEmail(order: OrderStatusMail & { trackingCode: string }): Omit<MailMessage, 'to'> {
	return render(`Pedido enviado: ${order.reference}`, [
		`Olá, ${firstName(order.customerName)}!`,
		`O seu pedido ${order.reference} foi enviado.`,
		`Código de rastreio: ${order.trackingCode}`,
		`Acompanhe o pedido em: ${order.orderUrl}`,
		`Equipe ${order.storeName}`,
	])
}

/** Decision 20: an unpaid PIX order was cancelled when its payment window ended. */
export function orderExpiredEmail(order: OrderStatusMail): Omit<MailMessage, 'to'> {
	return render(`Pedido cancelado: ${order.reference}`, [
		`Olá, ${firstName(order.customerName)}!`,
		`Não recebemos o pagamento PIX do seu pedido ${order.reference} (${formatMoney(order.totalCents)}) dentro do prazo, então ele foi cancelado e nenhum valor será cobrado.`,
		'Se ainda quiser os produtos, é só fazer um novo pedido na loja. Se você pagou e recebeu esta mensagem, responda este e-mail com o comprovante que resolvemos para você.',
		`Detalhes do pedido: ${order.orderUrl}`,
		`Equipe ${order.storeName}`,
	])
}
