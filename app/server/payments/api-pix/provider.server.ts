import { readFileSync } from 'node:fs'
import { getEnv, publicUrl, type Env } from '~/server/env.server'
import { ApiPixClient } from './client.server'

/**
 * The configured API Pix client (PIX_PROVIDER=api-pix), made once per process. The certificate
 * files are read at start-up (startup.server.ts calls assertPixProviderReady) so that a wrong path
 * stops the server with a clear message instead of failing the first checkout.
 */
export const API_PIX_PROVIDER = 'api-pix'

let client: ApiPixClient | null = null
let clientEnv: Env | null = null

export function apiPixEnabled(env: Env = getEnv()): boolean {
	return env.PIX_PROVIDER === 'api-pix'
}

export function getApiPixClient(env: Env = getEnv()): ApiPixClient {
	if (client && clientEnv === env) return client
	if (!apiPixEnabled(env) || !env.PIX_API_URL || !env.PIX_OAUTH_URL || !env.PIX_CLIENT_ID || !env.PIX_CLIENT_SECRET) {
		throw new Error('PIX_PROVIDER=api-pix não está configurado')
	}
	const identity = env.PIX_CERT_FILE && env.PIX_CERT_KEY_FILE ? { cert: readPem(env.PIX_CERT_FILE, 'PIX_CERT_FILE'), key: readPem(env.PIX_CERT_KEY_FILE, 'PIX_CERT_KEY_FILE') } : null
	client = new ApiPixClient({ apiUrl: env.PIX_API_URL, oauthUrl: env.PIX_OAUTH_URL, clientId: env.PIX_CLIENT_ID, clientSecret: env.PIX_CLIENT_SECRET, identity })
	clientEnv = env
	return client
}

/** Tests replace the environment between files. */
export function resetApiPixClientForTests() {
	client = null
	clientEnv = null
}

function readPem(file: string, name: string): Buffer {
	try {
		const content = readFileSync(file)
		if (!content.includes('-----BEGIN')) throw new Error('não parece um arquivo PEM')
		return content
	} catch (error) {
		throw new Error(`Configuração inválida no ambiente:\n  - ${name}: não foi possível ler ${file} (${error instanceof Error ? error.message : String(error)})`)
	}
}

/** Start-up: reads the certificate now, so a bad path stops the server with the reason. */
export function assertPixProviderReady(env: Env): void {
	if (apiPixEnabled(env)) getApiPixClient(env)
}

/** The address the PSP posts to, plus '/pix' (the API's callback): never logged. */
export function pixWebhookUrl(env: Env = getEnv()): string {
	return `${publicUrl(env)}/webhooks/pix/${env.PIX_WEBHOOK_TOKEN ?? ''}`
}

/** What the settings page may show about the PIX provider: never a secret. */
export type PixProviderInfo =
	| { provider: 'static' }
	| { provider: 'api-pix'; apiHost: string; clientId: string; mutualTls: boolean; webhookBase: string }

export function pixProviderInfo(env: Env = getEnv()): PixProviderInfo {
	if (!apiPixEnabled(env) || !env.PIX_API_URL) return { provider: 'static' }
	const id = env.PIX_CLIENT_ID ?? ''
	return {
		provider: 'api-pix',
		apiHost: new URL(env.PIX_API_URL).host,
		// The id is not a secret, but only its start is needed to recognise it.
		clientId: id.length > 8 ? `${id.slice(0, 4)}…${id.slice(-2)}` : id,
		mutualTls: Boolean(env.PIX_CERT_FILE),
		webhookBase: `${publicUrl(env)}/webhooks/pix/…`,
	}
}
