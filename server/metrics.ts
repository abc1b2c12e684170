import cluster from 'node:cluster'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { AggregatorRegistry } from 'prom-client'
import { type ServerBuild, matchRoutes } from 'react-router'
import type { ShopMetrics } from '~/server/metrics/registry.server'

/**
 * /metrics (issue 33, decision 081): Prometheus's text format, behind METRICS_TOKEN.
 *
 * - Unset token: 404, as for any path that does not exist (nothing tells a scanner it is there).
 * - Otherwise `Authorization: Bearer <token>`, compared in constant time (both sides hashed
 *   first, so neither the length nor a common prefix shows in the timing); anything else is 401.
 * - Served before the host check, as /healthz: Prometheus scrapes by address, not by PUBLIC_URL.
 */
export function metricsHandler(metrics: ShopMetrics, token: string | undefined, collect: () => Promise<string> = () => metrics.registry.metrics()) {
	const expected = token ? createHash('sha256').update(token).digest() : null
	return async (req: Request, res: Response) => {
		res.setHeader('Cache-Control', 'no-store')
		if (!expected) {
			res.status(404).type('text/plain; charset=utf-8').send('Página não encontrada.')
			return
		}
		const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')
		const given = createHash('sha256')
			.update(match?.[1] ?? '')
			.digest()
		if (!match || !timingSafeEqual(given, expected)) {
			res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain; charset=utf-8').send('Token de métricas ausente ou inválido.')
			return
		}
		const body = await collect()
		// end(), not send(): Express would add its own charset to Prometheus's content type.
		res.status(200).setHeader('Content-Type', metrics.registry.contentType).end(body)
	}
}

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] }

/**
 * The route pattern a path matches in the React Router build (`/produto/:handle`), so the
 * request histogram has one series per route, not one per product or per attacker's URL.
 * Single-fetch data requests (`/produto/x.data`, `/_root.data`) count under their page's route.
 */
export function routePatternMatcher(manifest: ServerBuild['routes']): (pathname: string) => string {
	type ManifestRoute = NonNullable<ServerBuild['routes'][string]>
	const children = new Map<string | undefined, ManifestRoute[]>()
	for (const route of Object.values(manifest)) {
		if (!route) continue
		const list = children.get(route.parentId) ?? []
		list.push(route)
		children.set(route.parentId, list)
	}
	const tree = (parentId: string | undefined): RouteNode[] =>
		(children.get(parentId) ?? []).map((route) => ({
			id: route.id,
			...(route.path !== undefined ? { path: route.path } : {}),
			...(route.index ? { index: true } : { children: tree(route.id) }),
			...(route.caseSensitive !== undefined ? { caseSensitive: route.caseSensitive } : {}),
		}))
	const routes = tree(undefined)
	// Paths seen are bounded by the routes; the memo is not (any URL): keep it small.
	const memo = new Map<string, string>()
	return (pathname) => {
		const known = memo.get(pathname)
		if (known) return known
		let path = pathname === '/_root.data' ? '/' : pathname.replace(/\.data$/, '')
		if (path === '') path = '/'
		const matches = matchRoutes(routes as Parameters<typeof matchRoutes>[0], path)
		const pattern = matches
			? `/${matches
					.map((match) => match.route.path ?? '')
					.filter(Boolean)
					.join('/')}`.replace(/\/{2,}/g, '/')
			: 'nao-encontrada'
		if (memo.size > 2000) memo.clear()
		memo.set(pathname, pattern)
		return pattern
	}
}

/** The route label of a request outside React Router (build files, probes) or inside it. */
function routeLabel(req: Request, match: ((pathname: string) => string) | null): string {
	const path = req.path
	if (path.startsWith('/assets/')) return '/assets/*'
	if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path
	return match ? match(path) : 'desconhecida'
}

/**
 * Times every request until its response has finished (or the client left), labelled by route
 * pattern, method and status. `matcher()` is read per request: the build is loaded after this
 * middleware is mounted.
 */
export function requestTiming(metrics: ShopMetrics, matcher: () => ((pathname: string) => string) | null) {
	return (req: Request, res: Response, next: NextFunction) => {
		const started = process.hrtime.bigint()
		let done = false
		const observe = () => {
			if (done) return
			done = true
			const seconds = Number(process.hrtime.bigint() - started) / 1e9
			const method = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(req.method) ? req.method : 'OUTRO'
			metrics.requestDuration.observe({ method, route: routeLabel(req, matcher()), status: String(res.statusCode) }, seconds)
		}
		res.once('finish', observe)
		res.once('close', observe)
		next()
	}
}

/**
 * Several processes on one port (WEB_CONCURRENCY, decision 062): a scrape reaches one worker, which
 * asks the primary for every worker's figures, summed (prom-client's AggregatorRegistry; gauges
 * that every worker reads alike, such as the outbox backlog, take the largest). One process: its own.
 */
export const METRICS_REQUEST = 'loja:metricas?'
export const METRICS_REPLY = 'loja:metricas'
type MetricsReply = { type: typeof METRICS_REPLY; id: number; text?: string; error?: string }

export function clusterMetricsCollector(metrics: ShopMetrics): () => Promise<string> {
	if (!cluster.isWorker) return () => metrics.registry.metrics()
	// Answers the primary's requests for this worker's registry (prom-client's own IPC messages).
	AggregatorRegistry.setRegistries(metrics.registry)
	new AggregatorRegistry()
	let next = 0
	const waiting = new Map<number, (reply: MetricsReply) => void>()
	process.on('message', (message: unknown) => {
		const reply = message as MetricsReply | null
		if (reply?.type === METRICS_REPLY) waiting.get(reply.id)?.(reply)
	})
	return () =>
		new Promise<string>((resolve, reject) => {
			const id = ++next
			const timer = setTimeout(() => {
				waiting.delete(id)
				reject(new Error('o processo principal não respondeu com as métricas em 6 s'))
			}, 6_000)
			waiting.set(id, (reply) => {
				clearTimeout(timer)
				waiting.delete(id)
				if (reply.error !== undefined || reply.text === undefined) reject(new Error(reply.error ?? 'sem métricas'))
				else resolve(reply.text)
			})
			process.send?.({ type: METRICS_REQUEST, id })
		})
}

/** The primary's side: gathers every worker's registry for the worker that asked. */
export function serveClusterMetrics(): void {
	const aggregator = new AggregatorRegistry()
	cluster.on('message', (worker, received: unknown) => {
		const message = received as { type?: string; id?: number } | null
		if (message?.type !== METRICS_REQUEST) return
		aggregator.clusterMetrics().then(
			(text) => worker.send({ type: METRICS_REPLY, id: message.id, text }),
			(error: unknown) => worker.send({ type: METRICS_REPLY, id: message.id, error: String(error) }),
		)
	})
}
