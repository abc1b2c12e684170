import type { MailMessage } from '~/server/mail.server'
import { formatMoney } from '~/utils/format'
import { type MailParagraph, mailHtml, mailText } from './mail-html.server'

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

function firstName(name: string): string {
	return name.trim().split(/\s+/)[0] || name
}

function render(subject: string, paragraphs: MailParagraph[]): Omit<MailMessage, 'to'> {
	return { subject, text: mailText(paragraphs), html: mailHtml(paragraphs) }
}

/** `deliveryPromise`: 'Chega entre 8 e 11 de dezembro' (decision 085), when the order has its days. */
export function orderPaidEmail(order: OrderStatusMail & { deliveryPromise?: string | null }): Omit<MailMessage, 'to'> {
	return render(`Pagamento confirmado: ${order.reference}`, [
		`Olá, ${firstName(order.customerName)}!`,
		`Confirmamos o pagamento do seu pedido ${order.reference} (${formatMoney(order.totalCents)}). Agora é com a gente: vamos preparar tudo com carinho.`,
		...(order.deliveryPromise ? [`Previsão de entrega: ${order.deliveryPromise}.`] : []),
		{ label: 'Acompanhe o pedido em:', url: order.orderUrl },
		`Equipe ${order.storeName}`,
	])
}

/** `trackingUrl` (issue 32, decision 115): where the parcel is followed, any carrier's code. */
export function orderShippedEmail(order: OrderStatusMail & { trackingCode: string; trackingUrl?: string | null }): Omit<MailMessage, 'to'> {
	return render(`Pedido enviado: ${order.reference}`, [
		`Olá, ${firstName(order.customerName)}!`,
		`O seu pedido ${order.reference} foi enviado.`,
		`Código de rastreio: ${order.trackingCode}`,
		...(order.trackingUrl ? [{ label: 'Rastreie a entrega em:', url: order.trackingUrl }] : []),
		{ label: 'Acompanhe o pedido em:', url: order.orderUrl },
		`Equipe ${order.storeName}`,
	])
}

/** Decision 20: an unpaid PIX order was cancelled when its payment window ended. */
export function orderExpiredEmail(order: OrderStatusMail): Omit<MailMessage, 'to'> {
	return render(`Pedido cancelado: ${order.reference}`, [
		`Olá, ${firstName(order.customerName)}!`,
		`Não recebemos o pagamento PIX do seu pedido ${order.reference} (${formatMoney(order.totalCents)}) dentro do prazo, então ele foi cancelado e nenhum valor será cobrado.`,
		'Se ainda quiser os produtos, é só fazer um novo pedido na loja. Se você pagou e recebeu esta mensagem, responda este e-mail com o comprovante que resolvemos para você.',
		{ label: 'Detalhes do pedido:', url: order.orderUrl },
		`Equipe ${order.storeName}`,
	])
}

/** Issue 32 (decision 115): the carrier delivered the parcel (tracking) or the admin marked it. */
export function orderDeliveredEmail(order: OrderStatusMail): Omit<MailMessage, 'to'> {
	return render(`Pedido entregue: ${order.reference}`, [
		`Olá, ${firstName(order.customerName)}!`,
		`O seu pedido ${order.reference} foi entregue. Esperamos que o seu pet aproveite!`,
		'Se algo não estiver certo, responda este e-mail que a gente resolve.',
		{ label: 'Detalhes do pedido:', url: order.orderUrl },
		`Equipe ${order.storeName}`,
	])
}
