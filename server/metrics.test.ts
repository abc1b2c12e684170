import type { AddressInfo } from 'node:net'
import express from 'express'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { observeProviderCall } from '~/server/metrics/provider-calls.server'
import { createShopMetrics, resetMetricsForTests, shopMetrics } from '~/server/metrics/registry.server'
import { metricsHandler, routePatternMatcher } from './metrics'

/**
 * The rules of /metrics that need no server build (decision 081, decision 074: rules as unit
 * tests): the token's answers, the route patterns requests are labelled with, and the provider
 * helper. server/metrics.http.test.ts reads the real server's /metrics and /readyz.
 */

const TOKEN = 'a'.repeat(40)

describe('GET /metrics: the token', () => {
	let base = ''
	let close = () => {}
	beforeAll(async () => {
		const metrics = createShopMetrics()
		metrics.requestDuration.observe({ method: 'GET', route: '/produto/:handle', status: '200' }, 0.02)
		const app = express()
		app.get('/metrics', (req, res) => void metricsHandler(metrics, TOKEN)(req, res))
		app.get('/sem-token', (req, res) => void metricsHandler(metrics, undefined)(req, res))
		const server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		close = () => server.close()
	})
	afterAll(() => close())

	test('without METRICS_TOKEN the route does not exist: 404, whatever is sent', async () => {
		const response = await fetch(`${base}/sem-token`, { headers: { authorization: `Bearer ${TOKEN}` } })
		expect(response.status).toBe(404)
		expect(response.headers.get('cache-control')).toBe('no-store')
	})

	test.each([
		['no header', {}],
		['a wrong token', { authorization: `Bearer ${'b'.repeat(40)}` }],
		['a prefix of the token', { authorization: `Bearer ${TOKEN.slice(0, 20)}` }],
		['the token as Basic', { authorization: `Basic ${TOKEN}` }],
	])('%s: 401 with a Bearer challenge and nothing else', async (_label, headers) => {
		const response = await fetch(`${base}/metrics`, { headers })
		expect(response.status).toBe(401)
		expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
		expect(await response.text()).toBe('Token de métricas ausente ou inválido.')
	})

	test('the right token: Prometheus text format', async () => {
		const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
		const text = await response.text()
		expect(text).toContain('# TYPE loja_http_request_duration_seconds histogram')
		expect(text).toMatch(/loja_http_request_duration_seconds_count\{method="GET",route="\/produto\/:handle",status="200"\} 1/)
	})
})

describe('route patterns', () => {
	const manifest = {
		root: { id: 'root', path: '' },
		'routes/layout': { id: 'routes/layout', parentId: 'root' },
		'routes/home': { id: 'routes/home', parentId: 'routes/layout', index: true },
		'routes/produto': { id: 'routes/produto', parentId: 'routes/layout', path: 'produto/:handle' },
		'routes/uploads': { id: 'routes/uploads', parentId: 'root', path: 'uploads/:bucket/*' },
		'routes/404': { id: 'routes/404', parentId: 'root', path: '*' },
	} as unknown as ServerBuild['routes']
	const match = routePatternMatcher(manifest)

	test.each([
		['/', '/'],
		['/_root.data', '/'],
		['/produto/bandana-xadrez', '/produto/:handle'],
		['/produto/bandana-xadrez.data', '/produto/:handle'],
		['/uploads/product-images/p1/1.jpg', '/uploads/:bucket/*'],
		['/qualquer/coisa/inventada', '/*'],
	])('%s → %s', (path, pattern) => {
		expect(match(path)).toBe(pattern)
	})
})

describe('observeProviderCall', () => {
	test('counts calls, errors (thrown or judged) and latency; the result and the error pass through', async () => {
		resetMetricsForTests()
		const call = { kind: 'payment', provider: 'api-pix', operation: 'criar-cobranca' } as const
		expect(await observeProviderCall(call, async () => 'ok')).toBe('ok')
		await expect(observeProviderCall(call, async () => Promise.reject(new Error('PSP fora do ar')))).rejects.toThrow('PSP fora do ar')
		expect(await observeProviderCall(call, async () => ({ status: 503 }), (r) => r.status >= 500)).toEqual({ status: 503 })
		// A label the caller built from data is replaced, not added as a new series.
		await observeProviderCall({ kind: 'carrier', provider: 'Correios 123/abc', operation: 'cotar' }, async () => null)

		const text = await shopMetrics().registry.metrics()
		expect(text).toContain('loja_provider_calls_total{kind="payment",provider="api-pix",operation="criar-cobranca",outcome="ok"} 1')
		expect(text).toContain('loja_provider_calls_total{kind="payment",provider="api-pix",operation="criar-cobranca",outcome="erro"} 2')
		expect(text).toContain('loja_provider_call_errors_total{kind="payment",provider="api-pix",operation="criar-cobranca"} 2')
		expect(text).toContain('loja_provider_call_duration_seconds_count{kind="payment",provider="api-pix",operation="criar-cobranca"} 3')
		expect(text).toContain('loja_provider_calls_total{kind="carrier",provider="outro",operation="cotar",outcome="ok"} 1')
		resetMetricsForTests()
	})
})
