import cluster from 'node:cluster'
import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { constants as zlibConstants } from 'node:zlib'
import compression from 'compression'
import { sql } from 'drizzle-orm'
import express from 'express'
import helmet from 'helmet'
import { pinoHttp } from 'pino-http'
import type { ServerBuild } from 'react-router'
import { isDatabaseUnavailableError } from '~/server/database-errors.server'
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, withDatabaseOutageResponses } from '~/server/database-outage.server'
import { getConnection, pingDatabase, poolStats, queryRows } from '~/server/db.server'
import { type Env, parseEnv, publicUrl, shutdownDrainMs, workerCount } from '~/server/env.server'
import { STORE_CHANNEL } from '~/server/event-channels.server'
import { closeAllEventStreams, endEventStreams, openEventStreamCount, subscribe } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { bumpSettingsGeneration } from '~/server/settings-generation.server'
import { setMetricsSource, shopMetrics } from '~/server/metrics/registry.server'
import { storageBackendFor } from '~/server/storage/backend.server'
import { prepareApp, startApp, stopApp } from '~/server/startup.server'
import { createStorageHealth } from '~/server/storage/writable-dir.server'
import { assertDataDirWritable } from './data-dir-check'
import { clusterMetricsCollector, metricsHandler, requestTiming, routePatternMatcher, serveClusterMetrics } from './metrics'
import { readinessCheck } from './readiness'
import { accessLogLevel, accessLogSerializers } from './access-log'
import { bodyLimitFor, declaredBodyLimit } from './body-limit'
import { runWorkers, workerId } from './cluster'
import { contentSecurityPolicy, mercadoPagoCspOrigins } from './csp'
import { describeHosts, hostCheck } from './host-check'
import { originCheck } from './origin-check'
import { rejectUnsafeQueryText } from './query-text'
import { createPageCache } from './page-cache'
import { pageRenderer, reactRouterHandler } from './react-router-handler'
import { requestMetricsLog } from './request-metrics-log'
import { retryAfterOn503 } from './retry-after'
import { mountStaticFiles } from './static-files'

/**
 * Set once SIGTERM/SIGINT arrives: every response then says `Connection: close`, so a proxy's
 * kept-alive connection is closed after the request it carries instead of being reused while the
 * server waits for it to go idle (decision 111). New connections are already refused.
 */
let closingConnections = false

/**
 * The HTTP entry: validates the environment, prepares the database, then serves the
 * React Router app (built, or through Vite in development) behind compression,
 * security headers and request logging.
 */
export async function createServer(env: Env, options: { dev: boolean }) {
	await startApp(env)

	const app = express()
	app.disable('x-powered-by')
	// false, a hop count or the proxies' addresses (env.server.ts): never "every hop", which
	// would let a client pick its own address with X-Forwarded-For.
	app.set('trust proxy', env.TRUST_PROXY)

	app.use((_req, res, next) => {
		if (closingConnections) res.setHeader('Connection', 'close')
		next()
	})
	app.use(retryAfterOn503(DATABASE_RETRY_AFTER_SECONDS))

	// /metrics (decision 081): every request timed by route pattern; the rest read when scraped.
	const metrics = shopMetrics()
	let matchRoute: ((pathname: string) => string) | null = null
	app.use(requestTiming(metrics, () => matchRoute))
	setMetricsSource('pool', () => {
		try {
			return poolStats(getConnection())
		} catch {
			return null // closed while shutting down: no figures rather than a failed scrape
		}
	})
	setMetricsSource('eventStreams', openEventStreamCount)
	setMetricsSource('mailBacklog', async () => {
		const rows = await queryRows<{ status: string; n: number }>(
			sql`select status, count(*)::int as n from mail_outbox where status <> 'sent' and created_at > now() - interval '7 days' group by status`,
		)
		return Object.fromEntries(rows.map((row) => [row.status, row.n]))
	})
	const serveMetrics = metricsHandler(metrics, env.METRICS_TOKEN, clusterMetricsCollector(metrics))
	app.get('/metrics', (req, res, next) => void serveMetrics(req, res).catch(next))
	// Readiness (decision 081): database, storage and migrations; a load balancer routes by it.
	const readiness = readinessCheck(() => storageBackendFor(env))
	app.get('/readyz', (req, res, next) => {
		// A draining server (decision 131) still answers, but a load balancer that routes by this
		// probe should send nothing new.
		if (closingConnections) {
			res.status(503).setHeader('Cache-Control', 'no-store').json({ status: 'indisponível', ready: false, detail: 'encerrando' })
			return
		}
		void readiness(req, res).catch(next)
	})

	// Answers whatever Host a load balancer probes with; it reveals nothing.
	// Storage is reported, not made a 503 (decision 072): a shop whose disk is full still sells, and a
	// load balancer taking its only server out would close it; monitors read `storage`/`status`.
	// With STORAGE_DRIVER=s3 the uploads are in the bucket (decision 080): that is what is probed.
	const storageHealth =
		env.STORAGE_DRIVER === 's3'
			? createStorageHealth('', {
					probe: async () => {
						const probe = await storageBackendFor(env).check()
						return probe.ok ? { writable: true } : { writable: false, code: probe.code, detail: probe.detail }
					},
					onChange: (probe) =>
						probe.writable
							? logger.info({ bucket: env.S3_BUCKET }, 'bucket S3 respondendo de novo')
							: logger.error({ bucket: env.S3_BUCKET, code: probe.code, detail: probe.detail }, 'o bucket S3 não responde: envios e arquivos vão falhar'),
				})
			: createStorageHealth(path.resolve(env.DATA_DIR, 'uploads'), {
					onChange: (probe) =>
						probe.writable
							? logger.info({ dataDir: path.resolve(env.DATA_DIR) }, 'pasta de dados gravável de novo')
							: logger.error({ dataDir: path.resolve(env.DATA_DIR), code: probe.code }, 'não é possível gravar na pasta de dados: envios de arquivos vão falhar'),
				})
	// Said at start-up, not at the first upload: a bucket that does not answer is logged now.
	void storageHealth()
	app.get('/healthz', async (_req, res) => {
		const [database, storage] = await Promise.all([pingDatabase(), storageHealth()])
		const status = !database ? 'erro' : storage.writable ? 'ok' : 'degradado'
		res.status(database ? 200 : 503).json({ status, database, storage: storage.writable })
	})

	// Server-sent events must reach the browser as they are written; gzip would hold
	// them in its buffer. (The stream also says Cache-Control: no-transform.)
	// Brotli (every browser over HTTPS) at quality 3, not the middleware's 4: a rendered page comes out
	// smaller than gzip's default level for a third of gzip's CPU, 60 % of quality 4's (decision 058).
	app.use(
		compression({
			brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
			filter: (req, res) => !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
		}),
	)
	app.use(
		pinoHttp({
			logger,
			autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') ?? false },
			customLogLevel: (_req, res, error) => accessLogLevel(res.statusCode, error),
			serializers: accessLogSerializers,
		}),
	)

	// The request's edge, before anything reads it (docs/decisions/017-security-model.md):
	// only our own host names, no cross-site writes, no body over the route's limit.
	app.use(hostCheck(env))
	app.use(originCheck(publicUrl(env)))
	app.use(declaredBodyLimit(bodyLimitFor))

	// The build's files, before the per-request nonce and the document headers (decision 064).
	// In development Vite serves them.
	if (!options.dev) mountStaticFiles(app, path.resolve('build/client'))

	app.use((_req, res, next) => {
		res.locals.cspNonce = randomBytes(16).toString('base64')
		next()
	})
	app.use(
		helmet({
			contentSecurityPolicy: contentSecurityPolicy({
				dev: options.dev,
				paymentOrigins: mercadoPagoCspOrigins(env.MERCADOPAGO_ACCESS_TOKEN && env.MERCADOPAGO_PUBLIC_KEY && env.MERCADOPAGO_WEBHOOK_SECRET ? { sdkUrl: env.MERCADOPAGO_SDK_URL, apiUrl: env.MERCADOPAGO_API_URL } : null),
			}),
			crossOriginEmbedderPolicy: false,
			referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
			strictTransportSecurity: env.NODE_ENV === 'production' && !!env.PUBLIC_URL?.startsWith('https:'),
		}),
	)

	app.use(rejectUnsafeQueryText)

	// Uploaded files and the demo pictures carry their own, stricter headers
	// (app/routes/resources/uploads.ts, demo-image.ts). React Router appends a route's
	// headers to those already set, so helmet's copies would be sent twice (two CSPs both
	// apply; 'nosniff, nosniff' is invalid).
	app.use(['/uploads', '/imagens/demo'], (_req, res, next) => {
		for (const name of ['Content-Security-Policy', 'X-Content-Type-Options', 'Cross-Origin-Resource-Policy']) {
			res.removeHeader(name)
		}
		next()
	})

	const getLoadContext = (req: express.Request, res: express.Response) => ({
		cspNonce: res.locals.cspNonce as string,
		clientIp: req.ip ?? 'desconhecido',
	})

	if (options.dev) {
		const vite = await import('vite').then((m) => m.createServer({ server: { middlewareMode: true }, appType: 'custom' }))
		app.use(vite.middlewares)
		const build = async () => {
			try {
				return withDatabaseOutageResponses((await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild)
			} catch (error) {
				if (error instanceof Error) vite.ssrFixStacktrace(error)
				throw error
			}
		}
		app.all('/{*splat}', reactRouterHandler({ build, getLoadContext, mode: 'development', bodyLimitFor }))
	} else {
		const build = withDatabaseOutageResponses((await import(path.resolve('build/server/index.js'))) as ServerBuild)
		matchRoute = routePatternMatcher(build.routes)
		if (env.REQUEST_METRICS) app.use(requestMetricsLog)
		// Another server's settings change: this one's copy is out of date at once, before its page
		// cache (emptied by the same event) renders pages again with it.
		subscribe(STORE_CHANNEL, (event) => {
			if (event.type === 'settings') bumpSettingsGeneration()
		})
		if (env.PAGE_CACHE) {
			// Storefront pages from memory, signed in or not (issue 14, decisions 045 and 055); any
			// store event (this server's or, through LISTEN/NOTIFY, another's) empties it.
			const pageCache = createPageCache({
				alsoPaths: env.PAGE_CACHE_ALSO,
				// A listed page whose render read who was asking is never stored: it costs a render per
				// request, so it is worth a line in the log (move that part to /resources/visitor).
				onPersonal: (key, cookies) => logger.warn({ page: key, cookies }, 'página não guardada no cache: a renderização leu quem pede'),
			})
			subscribe(STORE_CHANNEL, () => pageCache.invalidate())
			setMetricsSource('pageCache', () => pageCache.stats())
			const render = pageRenderer({ build, mode: 'production' })
			app.use((req, res, next) => void pageCache.handle(req, res, next, render).catch(next))
		}
		app.all('/{*splat}', reactRouterHandler({ build, getLoadContext, mode: 'production', bodyLimitFor }))
	}

	// What escaped React Router (it handles loader and action errors itself). Express's
	// default handler would print the error, query parameters included, to stderr.
	app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
		if (res.headersSent) return next(error)
		const unavailable = isDatabaseUnavailableError(error)
		logger.error({ err: error, method: req.method, url: req.path }, unavailable ? 'banco de dados indisponível' : 'erro no servidor')
		res
			.status(unavailable ? 503 : 500)
			.type('text/plain; charset=utf-8')
			.send(unavailable ? DATABASE_UNAVAILABLE_MESSAGE : 'Erro interno. Tente novamente em instantes.')
	})

	return app
}

async function main() {
	let env: Env
	try {
		env = parseEnv(process.env)
	} catch (error) {
		console.error((error as Error).message)
		process.exit(1)
	}
	// Before the database opens (PGlite lives in DATA_DIR): a clear message, not a raw ENOENT.
	await assertDataDirWritable(env)
	const dev = process.argv.includes('--dev')
	const workers = dev ? 1 : workerCount(env, availableParallelism())
	if (workers > 1 && cluster.isPrimary) {
		// Several processes on one port (decision 062): the database is prepared once, here.
		try {
			await prepareApp(env)
		} catch (error) {
			logger.fatal({ err: error }, 'não foi possível preparar o banco de dados')
			process.exit(1)
		}
		logger.info({ workers }, `iniciando ${workers} processos do servidor`)
		serveClusterMetrics()
		runWorkers(workers, shutdownDrainMs(env))
		return
	}
	const app = await createServer(env, { dev })
	const server: Server = app.listen(env.PORT, env.HOST, () => {
		const address = server.address()
		const port = typeof address === 'object' && address ? address.port : env.PORT
		logger.info({ port, worker: workerId() ?? undefined }, `loja no ar em http://localhost:${port}`)
		// Said once, not by every worker (decision 062).
		if ((workerId() ?? 1) > 1) return
		const hosts = describeHosts(env)
		logger[hosts.level](hosts.message)
		// The demo takes test cards; a shop on the internet must say so out loud (decision 019).
		if (env.NODE_ENV === 'production' && env.PAYMENT_MODE === 'test' && env.PUBLIC_URL) {
			logger.warn(
				'PAYMENT_MODE=test: cartões vão para o provedor de teste e nenhum dinheiro é cobrado. Para vender de verdade, defina PAYMENT_MODE=live.',
			)
		}
	})

	let stopping = false
	const drainMs = shutdownDrainMs(env)
	const shutdown = (signal: string) => {
		if (stopping) return
		stopping = true
		closingConnections = true
		endEventStreams()
		const force = setTimeout(() => {
			logger.warn(`encerramento forçado após ${(drainMs + 10_000) / 1000} s`)
			process.exit(1)
		}, drainMs + 10_000)
		force.unref()
		const close = () => {
			logger.info({ signal }, 'encerrando: sem novas conexões, terminando as abertas')
			void closeAllEventStreams()
			server.close(async () => {
				await stopApp().catch((error: unknown) => logger.error({ error }, 'erro ao fechar o banco'))
				process.exit(0)
			})
			server.closeIdleConnections()
		}
		if (drainMs === 0) return close()
		// Decision 131: keep serving, each answer closing its connection, until the proxy holds no
		// kept-alive connection here; only then stop accepting and close what is idle.
		logger.info({ signal, drainSeconds: drainMs / 1000 }, 'encerrando: respondendo com Connection: close antes de fechar')
		setTimeout(close, drainMs)
	}
	process.on('SIGTERM', () => shutdown('SIGTERM'))
	process.on('SIGINT', () => shutdown('SIGINT'))
}

if (process.env.VITEST === undefined) await main()
