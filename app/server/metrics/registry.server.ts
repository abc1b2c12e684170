import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/**
 * What /metrics says (issue 33, decision 081), in Prometheus's text format through prom-client.
 * One registry per process, kept on globalThis: the HTTP entry (which serves /metrics and times
 * requests) and the React Router build (jobs, provider calls) are separate bundles, and each
 * would otherwise count into a registry of its own.
 *
 * Values that already live somewhere (the connection pool, the page cache's counters, the open
 * event streams, the outbox) are read when Prometheus scrapes, through sources registered here;
 * events (a request, a job run, a provider call) are counted as they happen.
 */

export type PoolStats = { total: number; inUse: number; idle: number; waiting: number }
export type PageCacheStats = { hits: number; stale: number; misses: number; bypass: number; entries: number; bytes: number }

type Sources = {
	pool?: () => PoolStats | null
	pageCache?: () => PageCacheStats
	eventStreams?: () => number
	mailBacklog?: () => Promise<Record<string, number>>
}

export type ShopMetrics = ReturnType<typeof createShopMetrics>

/** Seconds: from a cached page (milliseconds) to a slow checkout or a PSP call. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

export function createShopMetrics() {
	const registry = new Registry()
	const sources: Sources = {}
	collectDefaultMetrics({ register: registry, prefix: 'loja_' })

	const requestDuration = new Histogram({
		name: 'loja_http_request_duration_seconds',
		help: 'Tempo até a resposta terminar, por rota (o padrão, não a URL), método e status.',
		labelNames: ['method', 'route', 'status'] as const,
		buckets: DURATION_BUCKETS,
		registers: [registry],
	})

	new Gauge({
		name: 'loja_db_pool_connections',
		help: 'Conexões com o banco: em uso, ociosas e pedidos esperando uma (PGlite: uma conexão, as consultas na fila esperam).',
		labelNames: ['state'] as const,
		registers: [registry],
		collect() {
			const stats = sources.pool?.()
			this.reset()
			if (!stats) return
			this.set({ state: 'in_use' }, stats.inUse)
			this.set({ state: 'idle' }, stats.idle)
			this.set({ state: 'waiting' }, stats.waiting)
			this.set({ state: 'total' }, stats.total)
		},
	})

	new Counter({
		name: 'loja_page_cache_requests_total',
		help: 'Pedidos de páginas da vitrine ao cache de páginas: hit, stale (cópia enquanto renova), miss (renderizada), bypass (fora da lista).',
		labelNames: ['result'] as const,
		registers: [registry],
		collect() {
			const stats = sources.pageCache?.()
			this.reset()
			if (!stats) return
			for (const result of ['hits', 'stale', 'misses', 'bypass'] as const) {
				this.inc({ result: result === 'hits' ? 'hit' : result === 'misses' ? 'miss' : result }, stats[result])
			}
		},
	})
	new Gauge({
		name: 'loja_page_cache_entries',
		help: 'Páginas guardadas no cache de páginas.',
		registers: [registry],
		collect() {
			this.set(sources.pageCache?.().entries ?? 0)
		},
	})

	const jobRuns = new Counter({
		name: 'loja_job_runs_total',
		help: 'Execuções das tarefas em segundo plano: ran (rodou), failed (falhou), skipped (outro servidor tinha a trava).',
		labelNames: ['job', 'outcome'] as const,
		registers: [registry],
	})
	const jobFailures = new Counter({
		name: 'loja_job_failures_total',
		help: 'Execuções de tarefas em segundo plano que falharam.',
		labelNames: ['job'] as const,
		registers: [registry],
	})
	const jobDuration = new Histogram({
		name: 'loja_job_duration_seconds',
		help: 'Duração das execuções das tarefas em segundo plano.',
		labelNames: ['job'] as const,
		buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
		registers: [registry],
	})

	new Gauge({
		name: 'loja_mail_outbox_backlog',
		help: 'E-mails dos últimos 7 dias não entregues: failed (o SMTP recusou) e stored (sem SMTP configurado, só na caixa de saída).',
		labelNames: ['status'] as const,
		registers: [registry],
		// Every process counts the same table: across processes, one figure, not their sum.
		aggregator: 'max',
		async collect() {
			this.reset()
			const counts = await sources.mailBacklog?.().catch(() => null)
			for (const status of ['failed', 'stored']) this.set({ status }, counts?.[status] ?? 0)
		},
	})

	new Gauge({
		name: 'loja_live_update_connections',
		help: 'Conexões abertas de atualização ao vivo (server-sent events) neste processo.',
		registers: [registry],
		collect() {
			this.set(sources.eventStreams?.() ?? 0)
		},
	})

	const providerCalls = new Counter({
		name: 'loja_provider_calls_total',
		help: 'Chamadas a serviços externos (pagamento, frete), por tipo, provedor, operação e resultado (ok, erro).',
		labelNames: ['kind', 'provider', 'operation', 'outcome'] as const,
		registers: [registry],
	})
	const providerErrors = new Counter({
		name: 'loja_provider_call_errors_total',
		help: 'Chamadas a serviços externos que falharam (erro, tempo esgotado ou resposta de erro).',
		labelNames: ['kind', 'provider', 'operation'] as const,
		registers: [registry],
	})
	const providerDuration = new Histogram({
		name: 'loja_provider_call_duration_seconds',
		help: 'Latência das chamadas a serviços externos.',
		labelNames: ['kind', 'provider', 'operation'] as const,
		buckets: DURATION_BUCKETS,
		registers: [registry],
	})

	const variantEncodes = new Counter({
		name: 'loja_image_variant_encodes_total',
		help: 'Variantes de imagem (WebP/AVIF) codificadas por este processo.',
		labelNames: ['format'] as const,
		registers: [registry],
	})

	return {
		registry,
		sources,
		requestDuration,
		jobRuns,
		jobFailures,
		jobDuration,
		providerCalls,
		providerErrors,
		providerDuration,
		variantEncodes,
	}
}

const KEY = Symbol.for('loja.metrics')
type GlobalWithMetrics = typeof globalThis & { [KEY]?: ShopMetrics }

export function shopMetrics(): ShopMetrics {
	const globals = globalThis as GlobalWithMetrics
	globals[KEY] ??= createShopMetrics()
	return globals[KEY]
}

/** Registers where a scraped value comes from (the pool, the page cache, the streams, the outbox). */
export function setMetricsSource<Name extends keyof Sources>(name: Name, source: Sources[Name]): void {
	shopMetrics().sources[name] = source
}

/** Tests: a fresh registry. */
export function resetMetricsForTests(): void {
	delete (globalThis as GlobalWithMetrics)[KEY]
}
