import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { getEnv } from '~/server/env.server'
import { apiPixEnabled } from '~/server/payments/api-pix/provider.server'
import { mercadoPagoConfigured } from '~/server/payments/mercadopago/provider.server'
import { getStoreSettings } from '~/server/settings.server'
import { type ReadinessItem, shopReadiness } from './readiness.server'

/** The dashboard's checklist from the shop's real state: settings, environment (yes/no only), catalogue. */
export async function loadShopReadiness(): Promise<ReadinessItem[]> {
	const env = getEnv()
	const [settings, [demo]] = await Promise.all([
		getStoreSettings(),
		queryRows<{ count: number }>(sql`
			select count(distinct p.id)::int as count from products p join product_images i on i.product_id = p.id
			where p.status = 'active' and i.url like '/imagens/demo/%'`),
	])
	return shopReadiness(
		settings,
		{
			paymentMode: env.PAYMENT_MODE,
			cardProvider: mercadoPagoConfigured(env),
			pixApi: apiPixEnabled(env),
			smtp: Boolean(env.SMTP_URL),
			publicUrl: env.PUBLIC_URL,
		},
		{ productsWithDemoImages: Number(demo?.count ?? 0) },
	)
}
