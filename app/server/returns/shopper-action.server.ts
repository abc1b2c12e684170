import { data } from 'react-router'
import type { ReturnActionData } from '~/components/returns/return-panel'
import { readForm } from '~/server/read-form.server'
import { requestReturn } from './request.server'
import { RETURN_MESSAGES } from './rules'

/**
 * The shopper's 'Pedir desistência' on the order page and on /user/orders: one shape for both
 * (the panel's fetcher reads `returnRequest`), bad input a 400 with its Portuguese message.
 * `orderIdOf` is the page's guard: it answers the order's id only when this person may act on
 * it (her account's order, or a guest's through the buyer cookie or the e-mail's link).
 */
export async function shopperReturnAction(
	request: Request,
	orderIdOf: (reference: string | null) => Promise<string | null>,
): Promise<ReturnType<typeof data<ReturnActionData>>> {
	const reading = await readForm(request)
	if (!reading.ok) return data({ returnRequest: { ok: false, message: reading.message } }, { status: 400 })
	const form = reading.form
	if (form.get('intent') !== 'return-request') {
		return data({ returnRequest: { ok: false, message: 'Ação desconhecida. Recarregue a página e tente de novo.' } }, { status: 400 })
	}
	const reference = form.get('reference')
	const orderId = await orderIdOf(typeof reference === 'string' ? reference : null)
	if (!orderId) return data({ returnRequest: { ok: false, message: RETURN_MESSAGES.notFound } }, { status: 404 })
	const result = await requestReturn(orderId, { reason: form.get('reason'), reasonText: form.get('reasonText') })
	if (!result.ok) return data({ returnRequest: { ok: false, message: result.message } }, { status: 400 })
	return data({
		returnRequest: {
			ok: true,
			message: result.created ? 'Pedido de desistência enviado. Você vai receber a resposta por e-mail.' : RETURN_MESSAGES.alreadyOpen,
		},
	})
}
