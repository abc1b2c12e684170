import { redirect } from 'react-router'
import { signOut } from '~/server/auth/accounts.server'
import { getOptionalUser } from '~/server/auth/guards.server'
import { clearSessionCookie } from '~/server/auth/session.server'
import { logger } from '~/server/logger.server'
import { readForm } from '~/server/read-form.server'
import { redirectWithToast } from '~/server/toast.server'
import type { Route } from './+types/logout'

/**
 * /logout — POST only (a GET must not sign anyone out: links and prefetches would). The
 * header says 'Logout realizado com sucesso' and goes home (document 000); the sidebars of
 * the customer and admin areas send origem=area: they say it with '!' and go to /auth
 * (document 001 §4, §8). The settings page's 'Sair da Conta' returns to / (no origem).
 */
export async function loader() {
	return redirect('/')
}

export async function action({ request }: Route.ActionArgs) {
	// A malformed body still signs out: leaving is never refused.
	const reading = await readForm(request)
	const formData = reading.ok ? reading.form : new FormData()
	const fromArea = formData.get('origem') === 'area'
	const title = fromArea ? 'Logout realizado com sucesso!' : 'Logout realizado com sucesso'
	const destination = fromArea ? '/auth' : '/'
	try {
		const user = await getOptionalUser(request)
		const headers = await signOut(request, user?.id ?? null)
		return redirectWithToast(destination, { type: 'success', title }, { headers })
	} catch (error) {
		logger.error({ error: String(error) }, 'erro ao encerrar a sessão')
		// The cookie is dropped anyway, so this browser is signed out even if the row stays.
		return redirectWithToast(destination, { type: 'error', title: 'Erro ao sair' }, { headers: { 'Set-Cookie': clearSessionCookie() } })
	}
}
