import type { Response } from 'express'
import type { HelmetOptions } from 'helmet'

type CspOption = Exclude<HelmetOptions['contentSecurityPolicy'], boolean | undefined>

/**
 * Content-Security-Policy with a fresh nonce per request for the few inline scripts
 * (React Router's hydration data, the theme script). Instagram embeds are the only
 * third-party frames; videos and images may be blobs while previewing uploads.
 */
export function contentSecurityPolicy({ dev }: { dev: boolean }): CspOption {
	const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce as string}'`
	return {
		useDefaults: false,
		directives: {
			'default-src': ["'self'"],
			'script-src': dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", "'strict-dynamic'", nonce],
			'style-src': ["'self'", "'unsafe-inline'"],
			'img-src': ["'self'", 'data:', 'blob:', 'https:'],
			'media-src': ["'self'", 'blob:', 'https:'],
			'font-src': ["'self'", 'data:'],
			'connect-src': dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
			'frame-src': ['https://www.instagram.com'],
			'frame-ancestors': ["'none'"],
			'form-action': ["'self'"],
			'base-uri': ["'self'"],
			'object-src': ["'none'"],
			'upgrade-insecure-requests': null,
		},
	}
}
