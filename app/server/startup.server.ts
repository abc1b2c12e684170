import { ensureAdmin } from '~/server/auth/bootstrap-admin.server'
import { connectDatabase, getConnection, setConnection } from '~/server/db.server'
import type { Env } from '~/server/env.server'
import { startShopJobs, stopShopJobs } from '~/server/jobs/shop-jobs.server'
import { logger } from '~/server/logger.server'
import { apiPixEnabled, assertPixProviderReady } from '~/server/payments/api-pix/provider.server'
import { registerPixWebhook } from '~/server/payments/api-pix/reconcile.server'
import { seedDemoData } from '~/server/seed/seed.server'
import { settleImageVariants } from '~/server/catalog-admin/product-images.server'

/**
 * Everything that must hold before the first request: the database is reachable and
 * migrated, the demo catalogue exists (idempotent), and there is an admin. Then the
 * background jobs start (order expiry, purges; decision 20).
 */
export async function startApp(env: Env) {
	// Issue 29: a PIX provider that cannot work (certificate unreadable) stops the start with the reason.
	assertPixProviderReady(env)
	const connection = await connectAndSeed(env)
	logger.info({ database: connection.kind }, 'banco de dados pronto')
	startShopJobs()
	if (apiPixEnabled(env)) {
		// The PSP may be down now: the start goes on, the owner can retry from /admin/configuracoes.
		void registerPixWebhook().then((result) => {
			if (result.ok) logger.info({ chave: result.chave }, 'webhook PIX registrado no PSP')
			else logger.warn({ reason: result.message }, 'webhook PIX não registrado')
		})
	}
	return connection
}

/** Connected (and migrated), the demo catalogue written when asked, an admin ensured. */
async function connectAndSeed(env: Env) {
	const connection = await connectDatabase(env.DATABASE_URL, env.DATA_DIR)
	try {
		if (env.SEED_DEMO) await seedDemoData(connection.db)
		await ensureAdmin(env)
	} catch (error) {
		await connection.close()
		setConnection(undefined)
		throw error
	}
	return connection
}

/**
 * startApp's one-time part, for the process that starts several servers (decision 062): the
 * database migrated, the demo and the admin written once, before the servers race to do it.
 * No jobs: each server runs them (one at a time across servers, by advisory lock).
 */
export async function prepareApp(env: Env) {
	const connection = await connectAndSeed(env)
	await connection.close()
	setConnection(undefined)
}

export async function stopApp() {
	// Jobs first: a run in progress finishes while the database is still open.
	await stopShopJobs()
	// Resizes of just-uploaded product pictures end too: a half-written variant is never left.
	await settleImageVariants()
	await getConnection().close()
}
