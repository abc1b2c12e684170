import type { RequestHandler, Response } from 'express'

/**
 * Every 503 (the database unreachable, from any route or /healthz) tells browsers, crawlers
 * and load balancers when to come back, and must not be cached. React Router drops the
 * headers of responses thrown by page loaders, so they are added on the way out, at the
 * moment the status line is written, for all responses at once.
 */
export function retryAfterOn503(seconds: number): RequestHandler {
	return (_req, res, next) => {
		const writeHead = res.writeHead
		res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
			// writeHead(status, …) explicitly, or implicitly with res.statusCode on the first write.
			const status = typeof args[0] === 'number' ? args[0] : this.statusCode
			if (status === 503 && !this.hasHeader('Retry-After')) {
				this.setHeader('Retry-After', String(seconds))
				this.setHeader('Cache-Control', 'no-store')
			}
			return writeHead.apply(this, args)
		} as typeof writeHead
		next()
	}
}
