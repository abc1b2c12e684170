import type { Response } from 'express'
import type { HelmetOptions } from 'helmet'

type CspOption = Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>

/**
 * Content-Security-Policy with a fresh nonce per request for the few inline scripts
 * (React Router's hydration data, the theme script). Instagram embeds are the only
 * third-party frames; videos and images may be blobs while previewing uploads.
 */
export function contentSecurityPolicy({ dev, paymentOrigins = [] }: { dev: boolean; paymentOrigins?: string[] }): CspOption {
	const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`
	return {
		useDefaults: false,
		directives: {
			'default-src': ["'self'"],
			// Issue 29 (decision 077): Mercado Pago's browser SDK (its script, its secure-field frames and
			// its calls to the API) only when Mercado Pago is configured.
			'script-src': dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...paymentOrigins] : ["'self'", "'strict-dynamic'", nonce, ...paymentOrigins],
			'style-src': ["'self'", "'unsafe-inline'"],
			'img-src': ["'self'", 'data:', 'blob:', 'https:'],
			'media-src': ["'self'", 'blob:', 'https:'],
			'font-src': ["'self'", 'data:'],
			'connect-src': dev ? ["'self'", 'ws:', 'wss:', ...paymentOrigins] : ["'self'", ...paymentOrigins],
			'frame-src': ['https://www.instagram.com', ...paymentOrigins],
			'frame-ancestors': ["'none'"],
			'form-action': ["'self'"],
			'base-uri': ["'self'"],
			'object-src': ["'none'"],
			'upgrade-insecure-requests': null,
		},
	}
}

/**
 * The origins Mercado Pago's browser SDK needs, from MERCADOPAGO_SDK_URL and MERCADOPAGO_API_URL;
 * with the real SDK also its documented hosts for the secure fields and device fingerprint
 * (*.mercadopago.com, *.mlstatic.com). Empty when Mercado Pago is not configured.
 */
export function mercadoPagoCspOrigins(env: { sdkUrl: string; apiUrl: string } | null): string[] {
	if (!env) return []
	const origins = new Set([new URL(env.sdkUrl).origin, new URL(env.apiUrl).origin])
	if (new URL(env.sdkUrl).hostname.endsWith('mercadopago.com')) {
		origins.add('https://*.mercadopago.com')
		origins.add('https://*.mlstatic.com')
	}
	return [...origins]
}
