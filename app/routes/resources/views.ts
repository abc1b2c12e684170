import { data } from 'react-router'
import { z } from 'zod'
import { getOptionalUser } from '~/server/auth/guards.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { productIdSchema } from '~/server/product-id.server'
import { readForm } from '~/server/read-form.server'
import { recordProductView } from '~/server/views.server'
import { ensureVisitorId, getVisitorId } from '~/server/visitor.server'
import { loadFeaturedProducts } from '~/server/home.server'
import type { Route } from './+types/views'
import { clientAddressGroup } from '~/server/address-group.server'

/**
 * POST /resources/views (productId or handle) — records a product view for 'recently viewed'
 * (document 000 §4, §7), sent by useRecordProductView with sendBeacon. Whose view it is
 * comes from the session or the visitor cookie (set here on a first visit); the product's
 * title, image and price from the catalogue.
 */

/** Views per client address per minute: a shopper browses far fewer products than this. */
export const VIEW_RATE_LIMIT = { limit: 60, windowSeconds: 60 } as const

/** The product id is the running provider's (decision 051): a uuid, or the store's Product gid. */
function viewFormSchema() {
	return z
		.object({
			productId: productIdSchema('Produto inválido.').optional(),
			handle: z
				.string()
				.trim()
				.regex(/^[a-z0-9][a-z0-9-]{0,199}$/, 'Produto inválido.')
				.optional(),
		})
		.refine((value) => value.productId !== undefined || value.handle !== undefined, 'Informe o produto.')
}

type ViewActionResult = { ok: true; recorded: boolean } | { ok: false; message: string }

export async function action({ request, context }: Route.ActionArgs) {
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	const reply = (result: ViewActionResult, status = 200) => data(result, { status, headers })
	if (request.method !== 'POST') {
		headers.set('Allow', 'POST')
		return reply({ ok: false, message: 'Método não permitido.' }, 405)
	}
	const limit = await consumeRateLimit({ key: `view:${clientAddressGroup(context.clientIp)}`, ...VIEW_RATE_LIMIT })
	if (!limit.allowed) {
		headers.set('Retry-After', String(limit.retryAfterSeconds))
		return reply({ ok: false, message: 'Muitas requisições. Tente novamente mais tarde.' }, 429)
	}
	const reading = await readForm(request)
	if (!reading.ok) return reply({ ok: false, message: reading.message }, 400)
	const parsed = viewFormSchema().safeParse({
		productId: reading.form.get('productId') || undefined,
		handle: reading.form.get('handle') || undefined,
	})
	if (!parsed.success) return reply({ ok: false, message: parsed.error.issues[0]?.message ?? 'Produto inválido.' }, 400)

	const user = await getOptionalUser(request)
	let owner: { userId: string } | { sessionId: string }
	if (user) {
		owner = { userId: user.id }
	} else {
		const visitor = ensureVisitorId(request)
		if (visitor.setCookie) headers.append('Set-Cookie', visitor.setCookie)
		owner = { sessionId: visitor.visitorId }
	}
	const product = parsed.data.productId ? { id: parsed.data.productId } : { handle: parsed.data.handle as string }
	const result = await recordProductView(owner, product)
	if (!result.ok) return reply({ ok: false, message: 'Produto não encontrado.' }, 404)
	return reply({ ok: true, recorded: result.recorded })
}

/**
 * GET /resources/views — the home page's 'featured' section for this visitor: what they viewed
 * recently, or suggestions (document 000 §2). Asked for by the browser after the shared home
 * page has loaded (decision 049), so the cached page is the same for everyone.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const user = await getOptionalUser(request)
	const owner = { userId: user?.id ?? null, visitorId: user ? null : getVisitorId(request) }
	return data(await loadFeaturedProducts(owner), { headers: { 'Cache-Control': 'private, no-store' } })
}
