import { readdirSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import type express from 'express'
import expressStaticGzip from 'express-static-gzip'
import path from 'node:path'
import { SVG_DOCUMENT_CSP } from '~/server/svg-document-policy.server'

/**
 * The browser build's files (decision 064), mounted before the per-request nonce and the
 * document headers:
 *
 * - compressed once, at build time (`scripts/precompress-assets.mjs`): Brotli where the browser
 *   takes it, else gzip, else the file itself — never compressed per request;
 * - with the headers that mean something for a script, a picture or a video (`nosniff`,
 *   `Cross-Origin-Resource-Policy`). The document headers (the CSP with its nonce, frame and
 *   referrer policies…) govern documents; on each of a page's ~50 modules they were ~900 bytes
 *   of uncompressed header;
 * - hashed files (/assets) cached for a year, immutable; the others (logos, home media) an hour;
 * - asked of the disk only for a path under one of the build's own top-level names: a page
 *   request (every cached page too) used to wait for a `stat` of a file that is not there.
 */
export function mountStaticFiles(app: express.Express, clientDir: string) {
	const setHeaders = (res: ServerResponse, file: string) => {
		res.setHeader('X-Content-Type-Options', 'nosniff')
		res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
		// For 'logo.svg' the file sent may be 'logo.svg.br'.
		if (/\.svg(\.br|\.gz)?$/.test(file)) res.setHeader('Content-Security-Policy', SVG_DOCUMENT_CSP)
	}
	const precompressed = (
		root: string,
		caching: { immutable?: boolean; maxAge: string; etag?: boolean; lastModified?: boolean; acceptRanges?: boolean },
	) =>
		expressStaticGzip(root, {
			enableBrotli: true,
			orderPreference: ['br', 'gz'],
			index: false,
			serveStatic: { ...caching, index: false, setHeaders },
		})
	// A hashed name is its own validator and no module is fetched in ranges: ETag, Last-Modified and
	// Accept-Ranges would be ~100 more bytes on each.
	app.use(
		'/assets',
		precompressed(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', etag: false, lastModified: false, acceptRanges: false }),
	)
	const publicFiles = precompressed(clientDir, { maxAge: '1h' })
	// favicon.svg, the logos, media/: the build's names are fixed until the next build and restart.
	const topLevelNames = new Set(readdirSync(clientDir).filter((name) => name !== 'assets'))
	app.use((req, res, next) => {
		if (topLevelNames.has(req.path.split('/')[1] ?? '')) publicFiles(req, res, next)
		else next()
	})
}
