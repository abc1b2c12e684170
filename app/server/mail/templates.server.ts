import type { MailMessage } from '~/server/mail.server'

/**
 * The account e-mails, in Portuguese. Links are absolute (built by the caller from
 * publicUrl(), the configured origin) because they are opened from a mail client, not from the site.
 */
type Template = Omit<MailMessage, 'to'>

function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

function layout(paragraphs: string[], link: { href: string; label: string }): string {
	const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('')
	const href = escapeHtml(link.href)
	return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">${body}<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;background:#111827;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p><p style="margin:0;font-size:13px;color:#4b5563">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${href}</p></body></html>`
}

export function confirmationEmail({ baseUrl, token }: { baseUrl: string; token: string }): Template {
	const link = `${baseUrl}/auth/confirmar?token=${encodeURIComponent(token)}`
	const intro = ['Olá!', 'Recebemos o seu cadastro na nossa loja. Confirme o seu e-mail clicando no link abaixo:']
	const outro = 'O link vale por 24 horas. Se você não criou esta conta, ignore esta mensagem.'
	return {
		subject: 'Confirme seu e-mail',
		text: `${intro.join('\n\n')}\n\n${link}\n\n${outro}\n`,
		html: layout([...intro, outro], { href: link, label: 'Confirmar e-mail' }),
	}
}

export function passwordResetEmail({ baseUrl, token }: { baseUrl: string; token: string }): Template {
	const link = `${baseUrl}/auth/redefinir-senha?token=${encodeURIComponent(token)}`
	const intro = ['Olá!', 'Recebemos um pedido para redefinir a senha da sua conta. Para criar uma nova senha, use o link abaixo:']
	const outro = 'O link vale por 1 hora e só pode ser usado uma vez. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.'
	return {
		subject: 'Redefinição de senha',
		text: `${intro.join('\n\n')}\n\n${link}\n\n${outro}\n`,
		html: layout([...intro, outro], { href: link, label: 'Redefinir senha' }),
	}
}

/** The link that confirms a new address (sent to the new address; issue 10). */
export function emailChangeConfirmationEmail({ baseUrl, token }: { baseUrl: string; token: string }): Template {
	const link = `${baseUrl}/auth/novo-email?token=${encodeURIComponent(token)}`
	const intro = ['Olá!', 'Recebemos um pedido para usar este e-mail na sua conta da nossa loja. Para confirmar, use o link abaixo:']
	const outro = 'O link vale por 24 horas. Se você não pediu a troca, ignore esta mensagem: nada muda.'
	return {
		subject: 'Confirme seu novo e-mail',
		text: `${intro.join('\n\n')}\n\n${link}\n\n${outro}\n`,
		html: layout([...intro, outro], { href: link, label: 'Confirmar novo e-mail' }),
	}
}

/** Tells the current address that a change to another one was asked for. */
export function emailChangeNoticeEmail({ baseUrl, newEmail }: { baseUrl: string; newEmail: string }): Template {
	const reset = `${baseUrl}/auth/esqueci-senha`
	const intro = [
		'Olá!',
		`Pediram para trocar o e-mail da sua conta para ${newEmail}. A troca só acontece quando o link enviado para o novo endereço for confirmado.`,
	]
	const outro = 'Se não foi você, troque sua senha agora pelo link abaixo: o pedido de troca exige a senha atual.'
	return {
		subject: 'Pedido de troca do e-mail da sua conta',
		text: `${intro.join('\n\n')}\n\n${reset}\n\n${outro}\n`,
		html: layout([...intro, outro], { href: reset, label: 'Redefinir senha' }),
	}
}

/**
 * Someone tried to sign up with an address that already has an account. The sign-up page
 * answers exactly as for a new account (decision 021), so this e-mail is where the owner of
 * the address learns the rest, with the two ways back in.
 */
export function signUpAttemptEmail({ baseUrl }: { baseUrl: string }): Template {
	const signIn = `${baseUrl}/auth`
	const reset = `${baseUrl}/auth/esqueci-senha`
	const intro = [
		'Olá!',
		'Alguém tentou criar uma conta na nossa loja com este e-mail, mas ele já tem uma conta. Nenhuma conta nova foi criada e nada mudou na sua.',
		`Se foi você, entre com a sua senha em ${signIn}. Se não lembra a senha, crie uma nova pelo link abaixo.`,
	]
	const outro = 'Se não foi você, pode ignorar esta mensagem: a sua senha continua a mesma.'
	return {
		subject: 'Tentativa de cadastro com o seu e-mail',
		text: `${intro.join('\n\n')}\n\n${reset}\n\n${outro}\n`,
		html: layout([...intro, outro], { href: reset, label: 'Redefinir senha' }),
	}
}
