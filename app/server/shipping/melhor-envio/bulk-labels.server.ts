import type { LabelRunResult } from '~/components/admin/bulk-labels'
import type { Actor } from '~/server/activity/record.server'
import { generateLabel } from './labels.server'
import type { MelhorEnvioConfig } from './quotes.server'

/**
 * Several labels at once (issue 32, decision 115): one run per order, one after the other (each
 * pays from the same wallet: in order, a 'Saldo insuficiente' stops only the ones it reaches), each
 * with its own result; a failure never stops the others.
 */
export async function generateLabels(orderIds: readonly string[], actor: Actor, override?: { config?: MelhorEnvioConfig | null }): Promise<LabelRunResult[]> {
	const results: LabelRunResult[] = []
	for (const id of orderIds) {
		const result = await generateLabel(id, actor, override)
		results.push(
			result.ok
				? { id, reference: result.reference, ok: true, trackingCode: result.trackingCode, printUrl: result.printUrl }
				: { id, reference: result.reference ?? 'Pedido', ok: false, message: result.message },
		)
	}
	return results
}
