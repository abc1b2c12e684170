import { z } from 'zod'
import { userText } from './text-schema'

/**
 * Account copy and field rules shared by the server (accounts.server.ts) and the auth pages.
 * No server imports here: the pages' components read these in the browser too.
 */
export const PASSWORD_MIN_LENGTH = 8
/** Long enough for any passphrase, short enough that hashing it is not a denial of service. */
export const PASSWORD_MAX_LENGTH = 200
/** The profile's 'Nome Completo' allows 100; a first name far less. */
export const FIRST_NAME_MAX_LENGTH = 60

export const authMessages = {
	invalidCredentials: 'Email ou senha incorretos',
	rateLimited: 'Muitas tentativas de login. Tente novamente em alguns minutos.',
	emailRequired: 'Informe seu email.',
	passwordRequired: 'Informe sua senha.',
	passwordTooShort: `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
	passwordTooLong: `A senha deve ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
	passwordsDiffer: 'As senhas não coincidem.',
	invalidEmail: 'Informe um e-mail válido.',
	invalidToken: 'Este link é inválido ou expirou.',
	resetRequested: 'Se houver uma conta com este email, você receberá em alguns minutos um link para criar uma nova senha.',
	firstNameRequired: 'Informe seu primeiro nome.',
	firstNameTooLong: `O nome deve ter no máximo ${FIRST_NAME_MAX_LENGTH} caracteres.`,
	/** Sign-up with an address that has an account and another password (issue 31, decision 099). */
	emailTaken: 'Este e-mail já tem uma conta. Entre com a sua senha ou use "Esqueci minha senha".',
} as const

/** The first name asked at sign-up (issue 31): the account area greets by it. */
export const firstNameSchema = userText({ error: authMessages.firstNameRequired })
	.trim()
	.min(1, authMessages.firstNameRequired)
	.max(FIRST_NAME_MAX_LENGTH, authMessages.firstNameTooLong)

/** An e-mail as typed: trimmed and lower-cased before it is checked (the users table stores it so). */
export const emailSchema = userText({ error: authMessages.emailRequired })
	.trim()
	.toLowerCase()
	.max(254, authMessages.invalidEmail)
	.pipe(z.email(authMessages.invalidEmail))

export const newPasswordSchema = userText({ error: authMessages.passwordRequired })
	.min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
	.max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong)
