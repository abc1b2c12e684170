import { randomUUID } from 'node:crypto'
import { desc, eq, sql } from 'drizzle-orm'
import { getCart } from '~/commerce/builtin/cart.server'
import { formatCep } from '~/commerce/rules/cep'
import { formatCpf } from '~/commerce/rules/cpf'
import { formatPhone } from '~/commerce/rules/phone'
import type { Cart } from '~/commerce/types'
import { orders, userProfiles, users } from '~/db/schema'
import type { SessionUser } from '~/server/auth/guards.server'
import { resolveCartId } from '~/server/cart/cart.server'
import { db, queryRows } from '~/server/db.server'
import { getCardProvider } from '~/server/payments/card-provider.server'
import { MERCADOPAGO_PROVIDER, mercadoPagoBrowserConfig } from '~/server/payments/mercadopago/provider.server'

/** The visitor's cart for the checkout (the same one the drawer shows), or null. */
export async function checkoutCart(request: Request, user: SessionUser | null): Promise<{ cartId: string; cart: Cart } | null> {
	const cartId = await resolveCartId(request, user?.id ?? null)
	if (!cartId) return null
	const cart = await getCart(cartId)
	return cart ? { cartId, cart } : null
}

export function hasBuyableLines(cart: Cart | null | undefined): cart is Cart {
	return Boolean(cart?.lines.some((line) => !line.unavailable && !line.isGift))
}

export type CheckoutPrefill = Partial<
	Record<'name' | 'email' | 'cpf' | 'phone' | 'cep' | 'street' | 'number' | 'complement' | 'district' | 'city' | 'uf', string>
>

/**
 * Signed-in customers start with their profile (name, e-mail, CPF, phone) and the address of
 * their last order filled in; they can change any of it.
 */
export async function checkoutPrefill(user: SessionUser | null): Promise<CheckoutPrefill> {
	if (!user) return {}
	const [[profile], [lastOrder]] = await Promise.all([
		db
			.select({ fullName: userProfiles.fullName, phone: userProfiles.phone, cpf: userProfiles.cpf, email: users.email })
			.from(users)
			.leftJoin(userProfiles, eq(userProfiles.userId, users.id))
			.where(eq(users.id, user.id)),
		db
			.select({
				cep: orders.cep,
				street: orders.street,
				number: orders.number,
				complement: orders.complement,
				district: orders.district,
				city: orders.city,
				uf: orders.uf,
			})
			.from(orders)
			.where(eq(orders.userId, user.id))
			.orderBy(desc(orders.createdAt))
			.limit(1),
	])
	const prefill: CheckoutPrefill = {
		name: profile?.fullName ?? user.fullName ?? undefined,
		email: profile?.email ?? user.email,
		cpf: profile?.cpf ? formatCpf(profile.cpf) : undefined,
		phone: profile?.phone ? formatPhone(profile.phone) : undefined,
	}
	if (lastOrder) {
		Object.assign(prefill, { ...lastOrder, cep: formatCep(lastOrder.cep), complement: lastOrder.complement ?? undefined })
	}
	return Object.fromEntries(Object.entries(prefill).filter(([, v]) => v)) as CheckoutPrefill
}

/** A fresh key per rendering of the checkout page: one attempt = one order at most. */
export function newIdempotencyKey(): string {
	return randomUUID()
}

export type CardProviderInfo = {
	id: string
	isTest: boolean
	/** Mercado Pago (decision 079): what its browser SDK needs on the page; never a secret. */
	mercadoPago: { publicKey: string; sdkUrl: string } | null
}

/** The card provider as the page shows it; null when card payment is unavailable (live mode, no provider). */
export function cardProviderInfo(): CardProviderInfo | null {
	const provider = getCardProvider()
	if (!provider) return null
	return { id: provider.id, isTest: provider.isTest, mercadoPago: provider.id === MERCADOPAGO_PROVIDER ? mercadoPagoBrowserConfig() : null }
}

/**
 * The order this cart became a moment ago, if any: a second 'Finalizar Pedido' from another tab
 * (another render, so another idempotency key) that arrives after the first one emptied the cart
 * lands on that order instead of 'carrinho vazio'. Two minutes: a double click or two tabs, not
 * a later purchase.
 */
export async function recentOrderOfCart(cartId: string): Promise<string | null> {
	const [row] = await queryRows<{ reference: string }>(sql`select reference from orders
		where cart_id = ${cartId}::uuid and created_at > now() - interval '2 minutes' order by created_at desc limit 1`)
	return row?.reference ?? null
}
