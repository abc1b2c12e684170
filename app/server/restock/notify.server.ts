import { sql } from 'drizzle-orm'
import { queryRows, db } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { sendMail } from '~/server/mail.server'
import { absoluteUrl } from '~/server/seo.server'
import { getStoreSettings } from '~/server/settings.server'
import { restockAlertEmail } from './restock-mail.server'
import { NOTIFIED_KEEP_DAYS, PENDING_KEEP_DAYS, restockLinks } from './subscriptions.server'

/**
 * The restock job (decision 120): confirmed alerts whose variant can be sold again get their one
 * e-mail. It reads the variants' state, not a stock change, so it does not matter which path put
 * stock back (the stock page, the product editor, a CSV import, a cancelled order, the owner
 * switching the variant on): a sign-up is only taken while the variant is sold out, so 'can be
 * sold now' means 'came back'.
 *
 * Each row is claimed (notified_at set, only if still null) before its e-mail is written to the
 * outbox: a run that overlaps another, or a crash between the two, can lose an alert but never
 * send one twice — 'one e-mail per restock' is the promise.
 */
const BATCH = 200

type Due = { id: string; email: string; token: string; product_title: string; product_handle: string; variant_title: string }

export async function sendRestockAlerts(): Promise<number> {
	let sent = 0
	let storeName: string | null = null
	for (;;) {
		const due = await queryRows<Due>(sql`
			select a.id, a.email, a.token, p.title as product_title, p.handle as product_handle, v.title as variant_title
			from restock_alerts a join product_variants v on v.id = a.variant_id join products p on p.id = v.product_id
			where a.confirmed_at is not null and a.notified_at is null
				and p.status = 'active' and v.available and (v.stock is null or v.stock > 0)
			order by a.confirmed_at
			limit ${BATCH}`)
		if (due.length === 0) return sent
		storeName ??= (await getStoreSettings()).storeName
		for (const row of due) {
			const [claimed] = await queryRows<{ id: string }>(
				sql`update restock_alerts set notified_at = now() where id = ${row.id}::uuid and notified_at is null returning id`,
			)
			if (!claimed) continue
			// sendMail never throws: an SMTP failure stays in the outbox as 'failed', for the owner to see.
			await sendMail({
				to: row.email,
				...restockAlertEmail({
					storeName,
					productTitle: row.product_title,
					variantTitle: row.variant_title,
					productUrl: absoluteUrl(`/produto/${row.product_handle}`),
					unsubscribeUrl: restockLinks(row.token).unsubscribeUrl,
				}),
			})
			sent += 1
		}
		if (due.length < BATCH) {
			if (sent > 0) logger.info({ sent }, 'avisos de reposição enviados')
			return sent
		}
	}
}

/**
 * What is kept (decision 120): an unconfirmed request 7 days (its link dies with it), a sent
 * alert 90 days (the record of the consent behind an e-mail we sent), a confirmed one still
 * waiting as long as it waits.
 */
export async function purgeOldRestockAlerts(): Promise<void> {
	await db.execute(sql`
		delete from restock_alerts
		where (confirmed_at is null and consent_at < now() - make_interval(days => ${PENDING_KEEP_DAYS}::int))
			or (notified_at is not null and notified_at < now() - make_interval(days => ${NOTIFIED_KEEP_DAYS}::int))`)
}
