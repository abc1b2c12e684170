import { requireAdmin } from '~/server/auth/guards.server'
import { BUCKET_VISIBILITY, getBucketStorage, isBucket, isSafeKey } from '~/server/storage.server'
import { parseRange } from '~/server/storage/range.server'
import type { Route } from './+types/uploads'

/**
 * GET /uploads/<bucket>/<key>: uploaded files. Shopper photos and banner videos are
 * public; customers' personalisation files only for the admin. Every answer is locked
 * down as if the bytes were hostile (they came from the internet): the stored type, no
 * sniffing, a sandboxing CSP, and a download instead of inline display for anything
 * that is not an image or a video.
 */
const LOCKED_DOWN = {
	'X-Content-Type-Options': 'nosniff',
	'Content-Security-Policy': "default-src 'none'; media-src 'self'; img-src 'self'; sandbox",
	'Cross-Origin-Resource-Policy': 'same-origin',
}

function plain(status: number, message: string, extra: Record<string, string> = {}) {
	return new Response(message, {
		status,
		headers: { ...LOCKED_DOWN, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra },
	})
}

export async function loader({ request, params }: Route.LoaderArgs) {
	const bucket = params.bucket
	const key = params['*'] ?? ''
	if (!isBucket(bucket)) return plain(404, 'Arquivo não encontrado.')
	if (!isSafeKey(key)) return plain(400, 'Endereço de arquivo inválido.')
	if (BUCKET_VISIBILITY[bucket] === 'admin') await requireAdmin(request)

	const object = await getBucketStorage(bucket).get(key)
	if (!object) return plain(404, 'Arquivo não encontrado.')

	const isMedia = /^(image|video)\//.test(object.contentType)
	const filename = key.split('/').pop() ?? 'arquivo'
	const headers: Record<string, string> = {
		...LOCKED_DOWN,
		'Content-Type': object.contentType,
		'Content-Disposition': `${isMedia ? 'inline' : 'attachment'}; filename="${filename}"`,
		// Keys are never reused (timestamped, no overwrite), so a day of caching is safe.
		// Private files stay out of shared caches.
		'Cache-Control': BUCKET_VISIBILITY[bucket] === 'public' ? 'public, max-age=86400' : 'private, max-age=3600',
		ETag: object.etag,
		'Last-Modified': object.lastModified.toUTCString(),
		'Accept-Ranges': 'bytes',
	}

	if (matchesEtag(request.headers.get('if-none-match'), object.etag)) {
		return new Response(null, { status: 304, headers })
	}

	// If-Range: only honour the Range when the client's copy is this version.
	const ifRange = request.headers.get('if-range')
	const rangeHeader = ifRange && ifRange !== object.etag ? null : request.headers.get('range')
	const range = parseRange(rangeHeader, object.size)
	if (range === 'unsatisfiable') {
		return plain(416, 'Intervalo inválido.', { 'Content-Range': `bytes */${object.size}` })
	}
	if (range) {
		return new Response(object.body(range), {
			status: 206,
			headers: {
				...headers,
				'Content-Range': `bytes ${range.start}-${range.end}/${object.size}`,
				'Content-Length': String(range.end - range.start + 1),
			},
		})
	}
	return new Response(object.body(), { status: 200, headers: { ...headers, 'Content-Length': String(object.size) } })
}

function matchesEtag(header: string | null, etag: string): boolean {
	if (!header) return false
	if (header.trim() === '*') return true
	return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
