import { data } from 'react-router'
import { z } from 'zod'
import { getCommerce } from '~/commerce/index.server'
import { INTERNAL_TAG } from '~/commerce/internal-products'
import { normalizeCep } from '~/commerce/rules/cep'
import { clientAddressGroup } from '~/server/address-group.server'
import { getOptionalUser } from '~/server/auth/guards.server'
import { getCartBackend } from '~/server/cart/backend.server'
import { resolveCartId } from '~/server/cart/cart.server'
import { checkoutIsHosted } from '~/server/orders/hosted-checkout.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { readForm } from '~/server/read-form.server'
import { getStoreSettings } from '~/server/settings.server'
import { type ShippingQuoteResult, productQuoteLines, quoteLines } from '~/server/shipping/quote.server'
import type { Route } from './+types/shipping-quote'

/**
 * POST /frete — 'Calcular frete' (issue 32, decision 113): the shipping options for a CEP, for the
 * product page's variant × quantity (`intent=produto`) or for the visitor's cart
 * (`intent=carrinho`), exactly as the checkout would offer them. Public like the checkout; limited
 * per client address, because a quote may ask Melhor Envio. Every refusal is a Portuguese message
 * (never a 500); a carrier that is down or not configured is not a refusal: the regional table answers.
 */
export const QUOTE_RATE_LIMIT = { limit: 40, windowSeconds: 60 } as const

export const QUOTE_MESSAGES = {
	cep: 'CEP inválido. Use 8 números, como 01310-100.',
	product: 'Produto não encontrado.',
	quantity: 'Quantidade inválida.',
	intent: 'Pedido de cotação inválido.',
	emptyCart: 'Seu carrinho está vazio.',
	noOption: 'Não encontramos entrega para este CEP. Confira o número.',
	tooMany: 'Muitas cotações de frete. Tente novamente em instantes.',
	unavailable: 'O frete é calculado no checkout desta loja.',
	method: 'Método não permitido.',
} as const

export type ShippingQuoteResponse = ({ ok: true } & ShippingQuoteResult) | { ok: false; message: string; field?: 'cep' }

const cep = z
	.string({ error: QUOTE_MESSAGES.cep })
	.max(20, QUOTE_MESSAGES.cep)
	.transform((value, ctx) => {
		const digits = normalizeCep(value)
		if (!digits) {
			ctx.addIssue({ code: 'custom', message: QUOTE_MESSAGES.cep })
			return z.NEVER
		}
		return digits
	})

/** `personalizado`: the shopper typed a personalisation (the longer production, decision 085). */
const quoteSchema = z.discriminatedUnion(
	'intent',
	[
		z.object({
			intent: z.literal('produto'),
			cep,
			handle: z.string({ error: QUOTE_MESSAGES.product }).regex(/^[a-z0-9][a-z0-9-]{0,199}$/, QUOTE_MESSAGES.product),
			variantId: z.string({ error: QUOTE_MESSAGES.product }).min(1, QUOTE_MESSAGES.product).max(100, QUOTE_MESSAGES.product),
			quantity: z.coerce
				.number({ error: QUOTE_MESSAGES.quantity })
				.int(QUOTE_MESSAGES.quantity)
				.min(1, QUOTE_MESSAGES.quantity)
				.max(999, QUOTE_MESSAGES.quantity),
			personalizado: z.enum(['0', '1']).optional(),
		}),
		z.object({ intent: z.literal('carrinho'), cep }),
	],
	{ error: QUOTE_MESSAGES.intent },
)

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function loader() {
	return data<ShippingQuoteResponse>({ ok: false, message: QUOTE_MESSAGES.method }, { status: 405, headers: { ...NO_STORE, Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
	const headers = new Headers(NO_STORE)
	const reply = (body: ShippingQuoteResponse, status = 200) => data(body, { status, headers })
	if (request.method !== 'POST') {
		headers.set('Allow', 'POST')
		return reply({ ok: false, message: QUOTE_MESSAGES.method }, 405)
	}
	// A hosted store's checkout prices its own shipping (decision 052): no quote of ours to promise.
	if (checkoutIsHosted()) return reply({ ok: false, message: QUOTE_MESSAGES.unavailable }, 404)
	const limit = await consumeRateLimit({ key: `frete:${clientAddressGroup(context.clientIp)}`, ...QUOTE_RATE_LIMIT })
	if (!limit.allowed) {
		headers.set('Retry-After', String(limit.retryAfterSeconds))
		return reply({ ok: false, message: QUOTE_MESSAGES.tooMany }, 429)
	}
	const reading = await readForm(request)
	if (!reading.ok) return reply({ ok: false, message: reading.message }, 400)
	const parsed = quoteSchema.safeParse(Object.fromEntries([...reading.form].filter((entry) => typeof entry[1] === 'string')))
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		const message = issue?.message ?? QUOTE_MESSAGES.intent
		return reply({ ok: false, message, ...(issue?.path[0] === 'cep' ? { field: 'cep' as const } : {}) }, 400)
	}
	const input = parsed.data
	const settings = await getStoreSettings()

	let lines
	if (input.intent === 'produto') {
		const product = await getCommerce().getProductByHandle(input.handle)
		const variant = product?.tags.includes(INTERNAL_TAG) ? undefined : product?.variants.find((v) => v.id === input.variantId)
		if (!product || !variant) return reply({ ok: false, message: QUOTE_MESSAGES.product }, 404)
		lines = productQuoteLines(product, variant, input.quantity, input.personalizado === '1')
	} else {
		const user = await getOptionalUser(request)
		const backend = getCartBackend()
		const cartId = await resolveCartId(request, user?.id ?? null, backend)
		const cart = cartId ? await backend.getCart(cartId) : null
		lines = cart?.lines.filter((l) => !l.unavailable && l.quantity > 0) ?? []
		if (!lines.some((l) => !l.isGift)) return reply({ ok: false, message: QUOTE_MESSAGES.emptyCart }, 409)
	}

	const quote = await quoteLines(lines, input.cep, settings)
	if (quote.options.length === 0) return reply({ ok: false, message: QUOTE_MESSAGES.noOption, field: 'cep' }, 404)
	return reply({ ok: true, ...quote })
}
