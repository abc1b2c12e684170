import type { MailMessage } from '~/server/mail.server'
import { formatMoney } from '~/utils/format'
import { type MailParagraph, mailHtml, mailText } from './mail-html.server'

/**
 * The withdrawal e-mails (issue 31, decision 117): the shopper hears at every step (asked,
 * approved with the refund, refused with the owner's words); the owner hears of a new request.
 * Made like order-status-mail.server.ts: plain Portuguese text and a minimal HTML copy.
 */
export type ReturnMail = {
	storeName: string
	reference: string
	customerName: string
	/** Absolute link to /pedido/{reference}?acesso=… */
	orderUrl: string
	/** Absolute link to the policy page. */
	policyUrl: string
}

function firstName(name: string): string {
	return name.trim().split(/\s+/)[0] || name
}

function render(subject: string, paragraphs: MailParagraph[]): Omit<MailMessage, 'to'> {
	return { subject, text: mailText(paragraphs), html: mailHtml(paragraphs) }
}

export function returnRequestedEmail(mail: ReturnMail): Omit<MailMessage, 'to'> {
	return render(`Recebemos seu pedido de desistência: ${mail.reference}`, [
		`Olá, ${firstName(mail.customerName)}!`,
		`Recebemos o seu pedido para desistir da compra ${mail.reference}. Vamos analisar e responder em até 2 dias úteis, por e-mail.`,
		'Se você já recebeu os produtos, guarde-os na embalagem original: na resposta explicamos como enviá-los de volta, sem custo para você.',
		{ label: 'Acompanhe pelo pedido:', url: mail.orderUrl },
		{ label: 'Nossa política de trocas e devoluções:', url: mail.policyUrl },
		`Equipe ${mail.storeName}`,
	])
}

/** `method`: 'provider' (the money goes back the way it was paid) or 'manual' (the shop sent it). */
export function returnApprovedEmail(
	mail: ReturnMail & { refundCents: number; paymentMethod: 'pix' | 'card'; method: 'provider' | 'manual'; message: string | null },
): Omit<MailMessage, 'to'> {
	const how =
		mail.method === 'manual'
			? `Devolvemos ${formatMoney(mail.refundCents)} a você. Se não encontrar o valor em até 2 dias úteis, responda este e-mail.`
			: mail.paymentMethod === 'card'
				? `Pedimos o estorno de ${formatMoney(mail.refundCents)} no seu cartão. Ele aparece na fatura atual ou na seguinte, conforme a data de fechamento do cartão.`
				: `Pedimos a devolução de ${formatMoney(mail.refundCents)} por PIX para a conta que pagou. Ela costuma cair em minutos; em até 2 dias úteis no máximo.`
	return render(`Desistência aprovada: ${mail.reference}`, [
		`Olá, ${firstName(mail.customerName)}!`,
		`Aprovamos a desistência da compra ${mail.reference}.`,
		how,
		...(mail.message ? [`Mensagem da loja: ${mail.message}`] : []),
		{ label: 'Detalhes do pedido:', url: mail.orderUrl },
		`Equipe ${mail.storeName}`,
	])
}

export function returnRefusedEmail(mail: ReturnMail & { message: string }): Omit<MailMessage, 'to'> {
	return render(`Sobre o seu pedido de desistência: ${mail.reference}`, [
		`Olá, ${firstName(mail.customerName)}!`,
		`Analisamos o seu pedido para desistir da compra ${mail.reference} e não pudemos aprová-lo.`,
		`Mensagem da loja: ${mail.message}`,
		'Se tiver dúvidas, ou se algo chegou com defeito, responda este e-mail.',
		{ label: 'Detalhes do pedido:', url: mail.orderUrl },
		{ label: 'Nossa política de trocas e devoluções:', url: mail.policyUrl },
		`Equipe ${mail.storeName}`,
	])
}

/** To the shop's contact address: a request waits for an answer. */
export function returnRequestedOwnerEmail(mail: { storeName: string; reference: string; customerName: string; adminUrl: string; reason: string | null }): Omit<MailMessage, 'to'> {
	return render(`Pedido de desistência: ${mail.reference}`, [
		`${mail.customerName} pediu para desistir da compra ${mail.reference}.`,
		...(mail.reason ? [`Motivo: ${mail.reason}`] : []),
		{ label: 'Responder no painel:', url: mail.adminUrl },
		`${mail.storeName}`,
	])
}
