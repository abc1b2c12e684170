import type { CartReminderLine } from '~/db/schema'
import type { MailMessage } from '~/server/mail.server'
import { type MailParagraph, mailHtml, mailText } from '~/server/mail/mail-html.server'
import { formatMoney } from '~/utils/format'

/**
 * The abandoned-cart reminder (decision 121): the items as the cart priced them (server's
 * prices, pt-BR), 'Voltar ao carrinho' (restores the cart on any device) and the one-click way
 * out, in the body and as List-Unsubscribe for mail clients that offer their own button
 * (RFC 2369; RFC 8058's one-click POST is answered by the same address).
 */
export const CART_REMINDER_SUBJECT = 'Você esqueceu itens no carrinho'
export const RESTORE_BUTTON = 'Voltar ao carrinho'

export type CartReminderMail = {
	storeName: string
	firstName: string | null
	lines: readonly CartReminderLine[]
	subtotalCents: number
	restoreUrl: string
	unsubscribeUrl: string
}

function lineText(line: CartReminderLine): string {
	const details = [line.optionsLabel, ...line.attributes.map((a) => `${a.key}: ${a.value}`)].filter(Boolean).join(', ')
	const name = details ? `${line.productTitle} (${details})` : line.productTitle
	// An add-on goes under its product, as in the cart (issue 31).
	return `${line.isAddon ? '+ ' : ''}${line.quantity} × ${name}: ${formatMoney(line.totalCents)}`
}

export function cartReminderEmail(mail: CartReminderMail): Omit<MailMessage, 'to'> {
	const paragraphs: MailParagraph[] = [
		mail.firstName ? `Olá, ${mail.firstName}!` : 'Olá!',
		`Você deixou ${mail.lines.length === 1 ? 'este item' : 'estes itens'} no seu carrinho da ${mail.storeName}:`,
		...mail.lines.map(lineText),
		`Subtotal: ${formatMoney(mail.subtotalCents)}`,
		{ button: RESTORE_BUTTON, url: mail.restoreUrl },
		'Os preços e o estoque são os de agora e podem mudar até você finalizar a compra.',
		'Você recebe este lembrete porque pediu em Minha conta › Configurações.',
		{ label: 'Não quero mais receber lembretes:', url: mail.unsubscribeUrl },
		`Equipe ${mail.storeName}`,
	]
	return {
		subject: CART_REMINDER_SUBJECT,
		text: mailText(paragraphs),
		html: mailHtml(paragraphs),
		headers: {
			'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		},
	}
}
