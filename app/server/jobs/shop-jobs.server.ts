import { purgeOldConversations } from '~/server/aria/conversations.server'
import { expireUnpaidOrders } from '~/server/orders/expiry.server'
import { backfillImageVariants } from '~/server/catalog-admin/product-images.server'
import { purgeUnsavedVideos } from '~/server/media/unsaved-videos.server'
import { purgeUnorderedPersonalizationFiles } from '~/server/personalization/unordered-files.server'
import { apiPixEnabled } from '~/server/payments/api-pix/provider.server'
import { reconcilePix } from '~/server/payments/api-pix/reconcile.server'
import { drainPixInbox } from '~/server/payments/api-pix/webhook.server'
import { mercadoPagoConfigured } from '~/server/payments/mercadopago/provider.server'
import { reconcileMercadoPago } from '~/server/payments/mercadopago/reconcile.server'
import { drainMercadoPagoInbox } from '~/server/payments/mercadopago/webhook.server'
import { melhorEnvioInfo } from '~/server/shipping/melhor-envio/provider.server'
import { pollTracking } from '~/server/shipping/melhor-envio/tracking.server'
import { sendCartReminders } from '~/server/cart-reminders/send.server'
import { registerRestockJob, stopRestockNudges } from '~/server/restock/restock-job.server'
import { JobRunner } from './runner.server'
import { purgeAbandonedCarts, purgeExpiredSessions, purgeOldActivity, purgeOldPaymentNotifications, purgeStaleRateLimits } from './purges.server'

/**
 * The shop's background jobs (decision 20), started with the app (startup.server.ts) and
 * stopped before the database closes. Intervals: expiry often enough that a deadline shown to
 * the buyer is kept within minutes; purges a few times a day.
 */
const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

export const SHOP_JOBS = {
	expireUnpaidOrders: 'expirar-pedidos-pix',
	purgeCarts: 'limpar-carrinhos-abandonados',
	purgeSessions: 'limpar-sessoes-expiradas',
	purgeRateLimits: 'limpar-limites-de-taxa',
	purgeUnorderedFiles: 'limpar-arquivos-de-personalizacao-nao-pedidos',
	purgeUnsavedVideos: 'limpar-videos-nao-salvos',
	backfillImageVariants: 'gerar-variantes-de-imagens',
	purgeAriaConversations: 'limpar-conversas-da-aria',
	purgeActivityLog: 'limpar-registro-de-atividade',
	purgePaymentNotifications: 'limpar-notificacoes-de-pagamento',
	pixNotifications: 'processar-notificacoes-pix',
	reconcilePix: 'conciliar-pix',
	mercadoPagoNotifications: 'processar-notificacoes-mercadopago',
	reconcileMercadoPago: 'conciliar-mercadopago',
	trackShipments: 'rastrear-envios-melhor-envio',
	cartReminders: 'lembretes-de-carrinho',
} as const

let runner: JobRunner | undefined

export function startShopJobs(): JobRunner {
	if (runner) return runner
	runner = new JobRunner()
	runner.register({ name: SHOP_JOBS.expireUnpaidOrders, intervalMs: 5 * MINUTE, run: () => expireUnpaidOrders() })
	runner.register({ name: SHOP_JOBS.purgeCarts, intervalMs: 6 * HOUR, run: () => purgeAbandonedCarts() })
	runner.register({ name: SHOP_JOBS.purgeSessions, intervalMs: 6 * HOUR, run: () => purgeExpiredSessions() })
	runner.register({ name: SHOP_JOBS.purgeRateLimits, intervalMs: HOUR, run: () => purgeStaleRateLimits() })
	runner.register({ name: SHOP_JOBS.purgeUnorderedFiles, intervalMs: 6 * HOUR, run: () => purgeUnorderedPersonalizationFiles() })
	runner.register({ name: SHOP_JOBS.purgeUnsavedVideos, intervalMs: 6 * HOUR, run: () => purgeUnsavedVideos() })
	runner.register({ name: SHOP_JOBS.backfillImageVariants, intervalMs: 10 * MINUTE, run: () => backfillImageVariants() })
	// Issue 12: chats are kept ARIA_CONVERSATION_RETENTION_DAYS for the owner, then dropped.
	runner.register({ name: SHOP_JOBS.purgeAriaConversations, intervalMs: 6 * HOUR, run: () => purgeOldConversations() })
	// Issue 30 (decision 096): the activity log is kept for the owner's number of days, then dropped.
	runner.register({ name: SHOP_JOBS.purgeActivityLog, intervalMs: 6 * HOUR, run: () => purgeOldActivity() })
	// Decision 119: processed payment notifications are dropped after a month (the timeline stays).
	runner.register({ name: SHOP_JOBS.purgePaymentNotifications, intervalMs: 6 * HOUR, run: () => purgeOldPaymentNotifications() })
	// Issue 31 (decision 121): a cart left 3 hours gets its reminder within the next quarter of an hour.
	runner.register({ name: SHOP_JOBS.cartReminders, intervalMs: 15 * MINUTE, run: () => sendCartReminders() })
	// Issue 29 (decision 076), on PIX_PROVIDER=api-pix: notifications the webhook queued and could not
	// finish (PSP down a moment) are retried; the reconciliation catches what no webhook told.
	// Issue 29 (decision 078): Mercado Pago's notifications that could not be processed at once.
	if (mercadoPagoConfigured()) {
		runner.register({ name: SHOP_JOBS.mercadoPagoNotifications, intervalMs: 30 * 1000, run: () => drainMercadoPagoInbox() })
		// Decision 079: card payments still pending after a few minutes are asked again (a missed notification).
		runner.register({ name: SHOP_JOBS.reconcileMercadoPago, intervalMs: 5 * 60 * 1000, run: () => reconcileMercadoPago() })
	}
	if (apiPixEnabled()) {
		runner.register({ name: SHOP_JOBS.pixNotifications, intervalMs: 30 * 1000, run: () => drainPixInbox() })
		runner.register({ name: SHOP_JOBS.reconcilePix, intervalMs: 5 * MINUTE, run: () => reconcilePix() })
	}
	// Issue 32 (decision 115): shipped orders with a Melhor Envio label are tracked; a delivered one
	// becomes 'Entregue'. Melhor Envio caches tracking for an hour: every 30 minutes is plenty.
	if (melhorEnvioInfo().configured) {
		runner.register({ name: SHOP_JOBS.trackShipments, intervalMs: 30 * MINUTE, run: () => pollTracking() })
	}
	// Issue 31 (decision 120): 'Avise-me quando chegar', one e-mail per restock.
	registerRestockJob(runner)
	runner.start()
	return runner
}

export async function stopShopJobs(): Promise<void> {
	const stopping = runner
	runner = undefined
	stopRestockNudges()
	await stopping?.stop()
}
