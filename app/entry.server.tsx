import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { ServerRouter } from 'react-router'
import { StylesheetProvider } from '~/components/inline-stylesheet'
import { FirstPaintStarterProvider } from '~/components/modules-after-paint'
import { NonceProvider } from '~/components/nonce'
import * as errorPages from '~/components/shop/error-page'
import { provideErrorPage } from '~/components/shop/error-page-slot'
import * as siteFooter from '~/components/shop/site-footer'
import { provideSiteFooter } from '~/components/shop/site-footer-slot'
import { CoalescingStream } from '~/server/coalescing-stream.server'
import { handleErrorLogLevel } from '~/server/error-log-level.server'
import { logger } from '~/server/logger.server'
import { prepareCriticalCss } from '~/server/critical-css.server'
import { FIRST_PAINT_STARTER, firstPaintRewrite, STOREFRONT_STYLESHEET_HREF } from '~/server/modules-after-paint.server'
import { withPageRewrite } from '~/server/page-rewrite.server'
// The storefront's stylesheet as text, put inside every page (components/inline-stylesheet.tsx);
// the back-office adds the rest as a file (routes/admin/layout.tsx).
import appCss from './styles/storefront.css?inline'

// Read once into its rules: each page keeps those its HTML uses (decision 141).
const criticalCss = prepareCriticalCss(appCss)

export const streamTimeout = 5_000

// The error pages load on demand in the browser (decision 144); the server draws them at once.
provideErrorPage(errorPages)
// The footer too (decision 148).
provideSiteFooter(siteFooter)

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: AppLoadContext,
) {
	// The HTTP entry puts a fresh nonce in the load context and in the CSP header.
	const nonce = (loadContext as { cspNonce?: string } | undefined)?.cspNonce ?? ''
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const userAgent = request.headers.get('user-agent')
		// Bots and SPA-mode requests get the whole document at once.
		const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<StylesheetProvider value={appCss}>
					<FirstPaintStarterProvider value={FIRST_PAINT_STARTER}>
						<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
					</FirstPaintStarterProvider>
				</StylesheetProvider>
			</NonceProvider>,
			{
				nonce,
				// A boundary whose content is ready by the first flush goes in place, however large. React's
				// default (12.8 KB) sends a larger one after its fallback, with a script that swaps them: the
				// page's sections drawn twice and shown late (decisions 058, 060). Pending ones still stream.
				progressiveChunkSize: Number.MAX_SAFE_INTEGER,
				[readyOption]() {
					shellRendered = true
					const body = new CoalescingStream()
					// The modules after the first paint, the stylesheet cut to the page (decision 141).
					const stream = createReadableStreamFromReadable(withPageRewrite(body, firstPaintRewrite(criticalCss, STOREFRONT_STYLESHEET_HREF)))
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) logger.error({ err: error, url: new URL(request.url).pathname }, 'erro ao renderizar a página')
				},
			},
		)
		setTimeout(abort, streamTimeout + 1000)
	})
}

/**
 * Errors thrown by loaders and actions. React Router's default prints them with
 * console.error, and a DrizzleQueryError's text holds the query parameters (e-mails, CPFs,
 * addresses): they go through pino instead, whose error serializer keeps the SQL and the
 * SQLSTATE and drops the values (app/server/log-safe-error.server.ts). A request the
 * browser abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
	if (request.signal.aborted) return
	// Only the path: query strings may carry tokens (password-reset links).
	const level = handleErrorLogLevel(error)
	logger[level]({ err: error, method: request.method, url: new URL(request.url).pathname }, level === 'error' ? 'erro no servidor' : 'pedido recusado')
}
