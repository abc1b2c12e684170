import type { RequestHandler } from 'express'
import type { Env } from '~/server/env.server'

/**
 * The Host names the shop answers to. With PUBLIC_URL: its host plus ALLOWED_HOSTS.
 * Without: loopback names only (plus ALLOWED_HOSTS), so `npm start` works on
 * http://localhost:3000 while a shop reached under any other name — a forged Host, a
 * DNS-rebinding page, a misconfigured proxy — is refused instead of serving pages whose
 * absolute URLs would not be its own.
 */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const

export function allowedHostnames(env: Pick<Env, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>): Set<string> {
	const own = env.PUBLIC_URL ? [new URL(env.PUBLIC_URL).hostname] : LOOPBACK_HOSTS
	return new Set([...own, ...env.ALLOWED_HOSTS].map((host) => host.toLowerCase()))
}

/**
 * Refuses requests for any other host with 421 (Misdirected Request). Express's
 * `req.hostname` is the Host header, or X-Forwarded-Host when TRUST_PROXY trusts the hop
 * that sent it, so both are checked.
 */
export function hostCheck(env: Pick<Env, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>): RequestHandler {
	const allowed = allowedHostnames(env)
	return (req, res, next) => {
		const hostname = req.hostname?.toLowerCase()
		if (hostname && allowed.has(hostname)) return next()
		res
			.status(421)
			.set('Cache-Control', 'no-store')
			.type('text/plain; charset=utf-8')
			.send('Endereço desconhecido: esta loja não atende por este nome de site.')
	}
}

/** The start-up line that says which names the shop answers to, and how to change it. */
export function describeHosts(env: Pick<Env, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'NODE_ENV'>): { level: 'info' | 'warn'; message: string } {
	const hosts = [...allowedHostnames(env)].join(', ')
	if (env.PUBLIC_URL) return { level: 'info', message: `endereço público ${env.PUBLIC_URL}; nomes aceitos: ${hosts}` }
	return {
		level: env.NODE_ENV === 'production' ? 'warn' : 'info',
		message: `PUBLIC_URL não definida: a loja só atende em localhost (${hosts}). Para servir qualquer outro endereço, defina PUBLIC_URL (ex.: PUBLIC_URL=https://www.minhaloja.com.br).`,
	}
}
