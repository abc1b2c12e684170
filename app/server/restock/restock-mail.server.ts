import type { MailMessage } from '~/server/mail.server'
import { type MailParagraph, mailHtml, mailText } from '~/server/mail/mail-html.server'

/**
 * The two e-mails of 'Avise-me quando chegar' (decision 120): the confirmation an anonymous
 * address gets (double opt-in) and the alert itself. Both end with the one-click 'cancelar' link
 * and carry it in List-Unsubscribe (RFC 8058: mail apps show their own 'cancelar inscrição').
 */
export type RestockMailItem = { storeName: string; productTitle: string; variantTitle: string; productUrl: string; unsubscribeUrl: string }

/** 'Bandana Preta — P'; a product without options has only 'Default Title', which says nothing. */
export function itemName(productTitle: string, variantTitle: string): string {
	return variantTitle && variantTitle !== 'Default Title' ? `${productTitle} — ${variantTitle}` : productTitle
}

function render(subject: string, paragraphs: MailParagraph[], unsubscribeUrl: string): Omit<MailMessage, 'to'> {
	return {
		subject,
		text: mailText(paragraphs),
		html: mailHtml(paragraphs),
		headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
	}
}

export function restockConfirmEmail(item: RestockMailItem & { confirmUrl: string }): Omit<MailMessage, 'to'> {
	const name = itemName(item.productTitle, item.variantTitle)
	return render(
		`Confirme seu aviso: ${name}`,
		[
			'Olá!',
			`Você pediu para ser avisado quando ${name} voltar ao estoque. Confirme pelo link abaixo; sem a confirmação, não enviamos nada.`,
			{ label: 'Confirmar o aviso:', url: item.confirmUrl },
			'Se não foi você, ignore este e-mail: o pedido é apagado em 7 dias.',
			{ label: 'Não quero este aviso:', url: item.unsubscribeUrl },
			`Equipe ${item.storeName}`,
		],
		item.unsubscribeUrl,
	)
}

export function restockAlertEmail(item: RestockMailItem): Omit<MailMessage, 'to'> {
	const name = itemName(item.productTitle, item.variantTitle)
	return render(
		`Chegou! ${name}`,
		[
			'Olá!',
			`${name} voltou ao estoque. Corra: as unidades são limitadas.`,
			{ label: 'Ver o produto:', url: item.productUrl },
			'Este foi o único aviso: para saber da próxima reposição, peça de novo na página do produto.',
			{ label: 'Cancelar avisos como este:', url: item.unsubscribeUrl },
			`Equipe ${item.storeName}`,
		],
		item.unsubscribeUrl,
	)
}
