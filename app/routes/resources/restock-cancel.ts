import { cancelRestockAlert } from '~/server/restock/subscriptions.server'
import { redirectWithToast } from '~/server/toast.server'
import type { Route } from './+types/restock-cancel'

/**
 * /avise-me/cancelar?token=… — the one-click way out of every restock e-mail (LGPD, decision 120).
 * GET (the link in the e-mail) cancels and lands on the product with a toast; POST is what mail
 * apps send for List-Unsubscribe-Post (RFC 8058) and gets a plain 200. The alert is deleted.
 */
const CANCELLED = { type: 'success', title: 'Aviso cancelado', description: 'Você não receberá mais este aviso.' } as const

export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token')
	const alert = token ? await cancelRestockAlert(token) : null
	// An unknown link was already used (or never was ours): either way nothing will be sent.
	return redirectWithToast(alert ? `/produto/${alert.productHandle}` : '/', CANCELLED)
}

export async function action({ request }: Route.ActionArgs) {
	const token = new URL(request.url).searchParams.get('token')
	if (token) await cancelRestockAlert(token)
	return new Response('Aviso cancelado.', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}
