import { getEnv } from '~/server/env.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { clientAddressGroup } from '~/server/address-group.server'

/**
 * How many orders one client address and one e-mail may place (decision 20). Each unpaid PIX
 * order holds stock and a coupon use until it expires and sends a 'Pedido recebido' e-mail,
 * so placement is limited: a household or an office behind one address still fits, a script
 * does not. Counted per attempt to place (a declined card counts too: it also limits card
 * testing); trying a coupon does not count.
 */
export const CHECKOUT_WINDOW_SECONDS = 60 * 60

/** The limits per hour: CHECKOUT_ORDERS_PER_HOUR_PER_ADDRESS (10) and …_PER_EMAIL (5). */
export function checkoutLimits() {
	const env = getEnv()
	return {
		address: { limit: env.CHECKOUT_ORDERS_PER_HOUR_PER_ADDRESS, windowSeconds: CHECKOUT_WINDOW_SECONDS },
		email: { limit: env.CHECKOUT_ORDERS_PER_HOUR_PER_EMAIL, windowSeconds: CHECKOUT_WINDOW_SECONDS },
	}
}

export type CheckoutBudget = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string }

export function checkoutRateLimitedMessage(retryAfterSeconds: number): string {
	const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
	const wait = minutes === 1 ? '1 minuto' : `${minutes} minutos`
	return `Muitos pedidos em pouco tempo. Aguarde ${wait} e tente novamente; seus dados continuam preenchidos.`
}

/** Counts one attempt to place an order against the address's and the e-mail's budgets. */
export async function consumeCheckoutBudget(input: { clientIp: string; email: string }): Promise<CheckoutBudget> {
	const email = input.email.trim().toLowerCase()
	const limits = checkoutLimits()
	const [address, mailbox] = await Promise.all([
		consumeRateLimit({ key: `checkout:ip:${clientAddressGroup(input.clientIp)}`, ...limits.address }),
		consumeRateLimit({ key: `checkout:email:${email}`, ...limits.email }),
	])
	const refused = [address, mailbox].filter((r) => !r.allowed)
	if (refused.length === 0) return { allowed: true }
	const retryAfterSeconds = Math.max(...refused.map((r) => r.retryAfterSeconds))
	return { allowed: false, retryAfterSeconds, message: checkoutRateLimitedMessage(retryAfterSeconds) }
}
