import { data } from 'react-router'
import type { z } from 'zod'
import { COMMERCE_MESSAGES } from '~/commerce/errors'
import { ADD_ON_MESSAGES } from '~/commerce/rules/add-on-lines'
import type { CartActionResult } from '~/components/cart/cart-view'
import { getOptionalUser } from '~/server/auth/guards.server'
import { getCartView, performCartAction } from '~/server/cart/cart.server'
import { readForm } from '~/server/read-form.server'
import { SAFE_TEXT_MESSAGE } from '~/utils/safe-text'
import { cartActionSchema } from '~/utils/cart-form'
import type { Route } from './+types/cart'

/**
 * /cart (Hydrogen's CartForm pattern). GET: the visitor's cart as JSON (an empty cart when
 * there is none; nothing is created). POST: one action switching on `intent` (add, update,
 * remove, checkout; app/utils/cart-form.ts), answered with `{ ok: true, cart, giftAdded }` or
 * `{ ok: false, error }` (400/409, Portuguese); a checkout answers its `checkoutUrl`, which the
 * page opens (same tab for ours, a new tab for a hosted one).
 * The drawer itself reads the cart from the root loader, which revalidates after this action.
 */
/** The contract's own (Portuguese) messages; zod's defaults are English and never shown. */
const CONTRACT_MESSAGES = new Set<string>([
	'Produto inválido',
	'Quantidade inválida',
	'Itens inválidos',
	'Nenhum item para adicionar',
	SAFE_TEXT_MESSAGE,
	// The personalisation limits, worded as the product page words them.
	...Object.values(ADD_ON_MESSAGES),
])

function inputErrorMessage(issues: z.core.$ZodIssue[]): string {
	const issue = issues[0]
	if (!issue) return COMMERCE_MESSAGES.invalidInput
	if (issue.code === 'too_big' && issue.path.length === 1 && issue.path[0] === 'lines') return COMMERCE_MESSAGES.cartLineLimit
	return CONTRACT_MESSAGES.has(issue.message) ? issue.message : COMMERCE_MESSAGES.invalidInput
}

export async function loader({ request }: Route.LoaderArgs) {
	const user = await getOptionalUser(request)
	const cart = await getCartView(request, user?.id ?? null)
	return data({ cart }, { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') {
		return data<CartActionResult>({ ok: false, error: 'Método não permitido.' }, { status: 405, headers: { Allow: 'POST' } })
	}
	const reading = await readForm(request)
	if (!reading.ok) return data<CartActionResult>({ ok: false, error: reading.message }, { status: 400 })
	const parsed = cartActionSchema.safeParse(Object.fromEntries(reading.form))
	if (!parsed.success) {
		return data<CartActionResult>({ ok: false, error: inputErrorMessage(parsed.error.issues) }, { status: 400 })
	}
	const user = await getOptionalUser(request)
	const outcome = await performCartAction(request, user?.id ?? null, parsed.data)
	return data<CartActionResult>(outcome.body, { status: outcome.status, headers: outcome.headers })
}
