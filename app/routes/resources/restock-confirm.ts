import { confirmRestockAlert } from '~/server/restock/subscriptions.server'
import { redirectWithToast } from '~/server/toast.server'
import type { Route } from './+types/restock-confirm'

/**
 * /avise-me/confirmar?token=… — the link of the confirmation e-mail (double opt-in, decision 120):
 * the alert is confirmed and the shopper lands on the product with a toast. A second click is fine.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token')
	const alert = token ? await confirmRestockAlert(token) : null
	if (!alert) {
		return redirectWithToast('/', {
			type: 'error',
			title: 'Link inválido',
			description: 'Este link de confirmação não vale mais. Peça o aviso de novo na página do produto.',
		})
	}
	return redirectWithToast(`/produto/${alert.productHandle}`, {
		type: 'success',
		title: 'Aviso confirmado!',
		description: 'Vamos te avisar por e-mail assim que chegar.',
	})
}
