import { confirmEmail } from '~/server/auth/accounts.server'
import { getOptionalUser, homePathFor } from '~/server/auth/guards.server'
import { redirectWithToast } from '~/server/toast.server'
import type { Route } from './+types/confirm-email'

/**
 * /auth/confirmar?token=… — the link in the sign-up e-mail. Confirms once, then sends the
 * person to their area if signed in, else to /auth, with a toast either way.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const result = await confirmEmail(token.slice(0, 200))
	const user = await getOptionalUser(request)
	const target = user ? homePathFor(user) : '/auth'
	if (!result.ok) {
		return redirectWithToast(target, { type: 'error', title: 'Não foi possível confirmar o email', description: result.message })
	}
	return redirectWithToast(target, { type: 'success', title: 'Email confirmado!', description: 'Obrigado por confirmar seu endereço de email.' })
}
