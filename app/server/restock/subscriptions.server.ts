import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { sql } from 'drizzle-orm'
import { INTERNAL_TAG } from '~/commerce/internal-products'
import { queryRows } from '~/server/db.server'
import { sendMail } from '~/server/mail.server'
import { consumeRateLimit } from '~/server/rate-limit.server'
import { absoluteUrl } from '~/server/seo.server'
import { getStoreSettings } from '~/server/settings.server'
import { restockConfirmEmail } from './restock-mail.server'

/**
 * 'Avise-me quando chegar' (issue 31, decision 120): sign-up, confirmation, cancellation.
 *
 * - One row per address and variant (unique index): asking again is the same row.
 * - A signed-in shopper's own address is confirmed at once; any other address gets a link
 *   (double opt-in) and is e-mailed nothing else until it is followed.
 * - Asking again after an alert was sent starts over (a new consent, a new link).
 */
export type RestockSubscribeResult =
	| { kind: 'confirmed' }
	| { kind: 'pending' }
	/** No such variant on sale (unknown, internal, draft or archived). */
	| { kind: 'not-found' }
	/** It can be bought now: nothing to wait for. */
	| { kind: 'available' }

/** Confirmation e-mails per address per hour: a stranger's address cannot be flooded through this form. */
export const RESTOCK_CONFIRM_MAIL_LIMIT = { limit: 3, windowSeconds: 60 * 60 } as const

/** How long an unconfirmed request and a sent alert are kept (decision 120). */
export const PENDING_KEEP_DAYS = 7
export const NOTIFIED_KEEP_DAYS = 90

type VariantOnSale = { product_title: string; product_handle: string; variant_title: string; sellable: boolean }

async function variantOnSale(variantId: string): Promise<VariantOnSale | null> {
	const [row] = await queryRows<VariantOnSale>(sql`
		select p.title as product_title, p.handle as product_handle, v.title as variant_title,
			(v.available and (v.stock is null or v.stock > 0)) as sellable
		from product_variants v join products p on p.id = v.product_id
		where v.id = ${variantId}::uuid and p.status = 'active' and not (${INTERNAL_TAG} = any(p.tags))`)
	return row ?? null
}

function newToken(): string {
	return randomBytes(32).toString('base64url')
}

export function restockLinks(token: string) {
	return {
		confirmUrl: absoluteUrl(`/avise-me/confirmar?token=${token}`),
		unsubscribeUrl: absoluteUrl(`/avise-me/cancelar?token=${token}`),
	}
}

export async function subscribeToRestock(input: {
	/** Already validated: trimmed and lower-cased. */
	email: string
	variantId: string
	/** The signed-in shopper, if any. */
	user: { id: string; email: string } | null
	ip: string
}): Promise<RestockSubscribeResult> {
	const variant = await variantOnSale(input.variantId)
	if (!variant) return { kind: 'not-found' }
	if (variant.sellable) return { kind: 'available' }
	const own = input.user !== null && input.user.email.trim().toLowerCase() === input.email
	// The consent's proof (LGPD): the exact address is recorded, never used as a limit's key.
	const consentIp = isIP(input.ip) ? input.ip : null
	// One statement, so two clicks at once meet the unique index and both land on one row. A row
	// still waiting and confirmed stays as it is; a pending one keeps its link (the e-mail already
	// sent still works); one already notified starts over with a new link.
	const keepsConsent = sql.raw(
		'restock_alerts.confirmed_at is not null and restock_alerts.notified_at is null and excluded.confirmed_at is null',
	)
	const [row] = await queryRows<{ token: string; confirmed: boolean }>(sql`
		insert into restock_alerts (email, variant_id, user_id, token, consent_ip, confirmed_at)
		values (${input.email}, ${input.variantId}::uuid, ${own ? input.user?.id : null}, ${newToken()}, ${consentIp}::inet,
			${own ? sql`now()` : sql`null`})
		on conflict (email, variant_id) do update set
			token = case when restock_alerts.notified_at is null then restock_alerts.token else excluded.token end,
			confirmed_at = case
				when restock_alerts.confirmed_at is not null and restock_alerts.notified_at is null then restock_alerts.confirmed_at
				else excluded.confirmed_at end,
			notified_at = null,
			user_id = coalesce(excluded.user_id, restock_alerts.user_id),
			-- A confirmed, waiting row keeps the consent it was confirmed with, unless she renews it herself.
			consent_at = case when ${keepsConsent} then restock_alerts.consent_at else now() end,
			consent_ip = case when ${keepsConsent} then restock_alerts.consent_ip else excluded.consent_ip end
		returning token, confirmed_at is not null as confirmed`)
	if (!row) throw new Error('restock_alerts: upsert sem linha')
	// Already confirmed (by her, now or before): nothing to send. An anonymous visitor hears the
	// same 'check your e-mail' either way (decision 120), so the form tells no one who asked.
	if (row.confirmed) return own ? { kind: 'confirmed' } : { kind: 'pending' }
	const budget = await consumeRateLimit({ key: `avise-me:email:${input.email}`, ...RESTOCK_CONFIRM_MAIL_LIMIT })
	if (budget.allowed) {
		const { storeName } = await getStoreSettings()
		const links = restockLinks(row.token)
		await sendMail({
			to: input.email,
			...restockConfirmEmail({
				storeName,
				productTitle: variant.product_title,
				variantTitle: variant.variant_title,
				productUrl: absoluteUrl(`/produto/${variant.product_handle}`),
				...links,
			}),
		})
	}
	return { kind: 'pending' }
}

export type RestockLinkResult = { productTitle: string; productHandle: string; variantTitle: string } | null

/** A link's token: 43 base64url characters; anything else is not ours (no query needed). */
export function isRestockToken(token: string | null | undefined): token is string {
	return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token)
}

/** The confirmation link: the row is confirmed (again: a second click is fine). Null for an unknown link. */
export async function confirmRestockAlert(token: string): Promise<RestockLinkResult> {
	if (!isRestockToken(token)) return null
	const [row] = await queryRows<{ product_title: string; product_handle: string; variant_title: string }>(sql`
		with confirmed as (
			update restock_alerts set confirmed_at = coalesce(confirmed_at, now()) where token = ${token} returning variant_id)
		select p.title as product_title, p.handle as product_handle, v.title as variant_title
		from confirmed c join product_variants v on v.id = c.variant_id join products p on p.id = v.product_id`)
	return row ? { productTitle: row.product_title, productHandle: row.product_handle, variantTitle: row.variant_title } : null
}

/** The 'cancelar' link (one click, and List-Unsubscribe-Post): the row goes. Null for an unknown (or spent) link. */
export async function cancelRestockAlert(token: string): Promise<RestockLinkResult> {
	if (!isRestockToken(token)) return null
	const [row] = await queryRows<{ product_title: string; product_handle: string; variant_title: string }>(sql`
		with removed as (delete from restock_alerts where token = ${token} returning variant_id)
		select p.title as product_title, p.handle as product_handle, v.title as variant_title
		from removed r join product_variants v on v.id = r.variant_id join products p on p.id = v.product_id`)
	return row ? { productTitle: row.product_title, productHandle: row.product_handle, variantTitle: row.variant_title } : null
}

/** The data export (LGPD): her alerts, by her account or by her account's address. */
export async function restockAlertsForExport(userId: string) {
	return queryRows<{
		produto: string
		variante: string
		email: string
		pedido_em: string
		ip: string | null
		confirmado_em: string | null
		avisado_em: string | null
	}>(sql`
		select p.title as produto, v.title as variante, a.email, a.consent_at as pedido_em, host(a.consent_ip) as ip,
			a.confirmed_at as confirmado_em, a.notified_at as avisado_em
		from restock_alerts a join product_variants v on v.id = a.variant_id join products p on p.id = v.product_id
		where a.user_id = ${userId}::uuid or a.email = (select lower(email) from users where id = ${userId}::uuid)
		order by a.consent_at`)
}
