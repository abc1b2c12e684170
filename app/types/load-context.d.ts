import 'react-router'

declare module 'react-router' {
	interface AppLoadContext {
		/** The per-request Content-Security-Policy nonce (server/index.ts). */
		cspNonce: string
		/** The client's address, for rate limits (honours TRUST_PROXY). */
		clientIp: string
	}
}
