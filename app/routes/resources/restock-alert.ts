import { data } from 'react-router'
import { getEnv } from '~/server/env.server'
import { clientAddressGroup } from '~/server/address-group.server'
import { getOptionalUser } from '~/server/auth/guards.server'
import { logger } from '~/server/logger.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { readForm } from '~/server/read-form.server'
import { subscribeToRestock } from '~/server/restock/subscriptions.server'
import {
	RESTOCK_MESSAGES,
	type RestockAlertResponse,
	restockConfirmedMessage,
	restockPendingMessage,
} from '~/utils/restock-alert'
import { restockAlertSchema } from '~/utils/restock-alert-schema'
import type { Route } from './+types/restock-alert'

/**
 * POST /avise-me — 'Avise-me quando chegar' on a sold-out variant (issue 31, decision 120).
 * Public, limited per client address (counted before validation, so junk costs too). Every
 * refusal is a Portuguese message with a 4xx, never a 500; the answer never says whether the
 * address had asked before.
 */
export const RESTOCK_RATE_LIMIT = { limit: 10, windowSeconds: 60 * 60 } as const

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function loader() {
	return data<RestockAlertResponse>({ ok: false, message: RESTOCK_MESSAGES.method }, { status: 405, headers: { ...NO_STORE, Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
	const headers = new Headers(NO_STORE)
	const reply = (body: RestockAlertResponse, status = 200) => data(body, { status, headers })
	if (request.method !== 'POST') {
		headers.set('Allow', 'POST')
		return reply({ ok: false, message: RESTOCK_MESSAGES.method }, 405)
	}
	// The hosted store keeps its own stock: nothing here could see it come back.
	if (getEnv().COMMERCE_PROVIDER !== 'builtin') return reply({ ok: false, message: RESTOCK_MESSAGES.notFound }, 404)
	const limit = await consumeRateLimit({ key: `avise-me:${clientAddressGroup(context.clientIp)}`, ...RESTOCK_RATE_LIMIT })
	if (!limit.allowed) {
		headers.set('Retry-After', String(limit.retryAfterSeconds))
		return reply({ ok: false, message: RESTOCK_MESSAGES.tooMany }, 429)
	}
	const reading = await readForm(request)
	if (!reading.ok) return reply({ ok: false, message: reading.message }, 400)
	const parsed = restockAlertSchema.safeParse({ email: reading.form.get('email') ?? undefined, variantId: reading.form.get('variantId') ?? undefined })
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		const field = issue?.path[0] === 'variantId' ? ('variantId' as const) : ('email' as const)
		return reply({ ok: false, message: issue?.message ?? RESTOCK_MESSAGES.invalidEmail, field }, 400)
	}
	const { email, variantId } = parsed.data
	try {
		const user = await getOptionalUser(request)
		const result = await subscribeToRestock({ email, variantId, user, ip: context.clientIp })
		switch (result.kind) {
			case 'not-found':
				return reply({ ok: false, message: RESTOCK_MESSAGES.notFound, field: 'variantId' }, 404)
			case 'available':
				return reply({ ok: false, message: RESTOCK_MESSAGES.available }, 409)
			case 'confirmed':
				return reply({ ok: true, confirmed: true, message: restockConfirmedMessage(email) })
			case 'pending':
				return reply({ ok: true, confirmed: false, message: restockPendingMessage(email) })
		}
	} catch (error) {
		// A database hiccup is a message to try again, not an error page over the product.
		logger.error({ error: error instanceof Error ? error.message : String(error) }, 'avise-me: falha ao registrar')
		return reply({ ok: false, message: RESTOCK_MESSAGES.failed }, 503)
	}
}
