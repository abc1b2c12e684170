import { getEnv } from '~/server/env.server'
import type { StoreSettings } from '~/server/settings.server'
import { userAgentOf } from './client.server'
import type { MelhorEnvioConfig } from './quotes.server'

/**
 * Melhor Envio's configuration (decision 087): MELHOR_ENVIO_TOKEN switches the carrier quotes
 * on; MELHOR_ENVIO_API_URL chooses production (default), the sandbox or the tests' fake;
 * MELHOR_ENVIO_TIMEOUT_MS is the time box. The User-Agent names the shop and its contact e-mail,
 * as Melhor Envio requires. Null: not configured, the regional table answers.
 */
export function melhorEnvioConfig(settings: Pick<StoreSettings, 'storeName' | 'contactEmail'>): MelhorEnvioConfig | null {
	const env = getEnv()
	if (!env.MELHOR_ENVIO_TOKEN) return null
	return {
		apiUrl: env.MELHOR_ENVIO_API_URL,
		token: env.MELHOR_ENVIO_TOKEN,
		userAgent: userAgentOf(settings.storeName, settings.contactEmail),
		timeoutMs: env.MELHOR_ENVIO_TIMEOUT_MS,
	}
}

/** What the settings page may show: never the token. */
export function melhorEnvioInfo(): { configured: boolean; apiUrl: string; sandbox: boolean } {
	const env = getEnv()
	return { configured: Boolean(env.MELHOR_ENVIO_TOKEN), apiUrl: env.MELHOR_ENVIO_API_URL, sandbox: /sandbox\./i.test(env.MELHOR_ENVIO_API_URL) }
}
