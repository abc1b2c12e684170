import { shopMetrics } from './registry.server'

/**
 * Times a call to an outside service for /metrics (decision 081): a payment provider (PSP's API
 * Pix, Mercado Pago, the test card provider) or a carrier (Correios, Melhor Envio). Provider code
 * wraps each call:
 *
 *   const charge = await observeProviderCall({ kind: 'payment', provider: 'api-pix', operation: 'criar-cobranca' }, () => psp.put(…))
 *
 * It counts the call, its failure (a thrown error, or a result `isError` says is one: an HTTP 5xx
 * the provider code turns into a value) and its latency, and hands back the call's own result or
 * error untouched. Labels are a small fixed set chosen by the caller: never an id, an amount or a URL.
 */
export type ProviderCall = {
	kind: 'payment' | 'carrier'
	/** e.g. 'api-pix', 'mercado-pago', 'teste', 'correios', 'melhor-envio'. */
	provider: string
	/** e.g. 'criar-cobranca', 'consultar', 'devolver', 'cotar'. */
	operation: string
}

const LABEL = /^[a-z0-9][a-z0-9_-]{0,39}$/

export async function observeProviderCall<T>(call: ProviderCall, run: () => Promise<T>, isError?: (result: T) => boolean): Promise<T> {
	const labels = {
		kind: call.kind,
		provider: LABEL.test(call.provider) ? call.provider : 'outro',
		operation: LABEL.test(call.operation) ? call.operation : 'outra',
	}
	const metrics = shopMetrics()
	const stop = metrics.providerDuration.startTimer(labels)
	let failed = true
	try {
		const result = await run()
		failed = isError?.(result) ?? false
		return result
	} finally {
		stop()
		metrics.providerCalls.inc({ ...labels, outcome: failed ? 'erro' : 'ok' })
		if (failed) metrics.providerErrors.inc(labels)
	}
}
