import { getOptionalUser, requireAdmin } from '~/server/auth/guards.server'
import { photoVisibility } from '~/server/account/photos.server'
import { getImageVariant, isResizable, parseWidthParam, readyAvifVariant, variantEtag } from '~/server/images/variants.server'
import { logger } from '~/server/logger.server'
import { requestOwnsKey } from '~/server/personalization/files.server'
import { BUCKET_VISIBILITY, getBucketStorage, isBucket, isSafeKey, uploadUrl } from '~/server/storage.server'
import { parseRange } from '~/server/storage/range.server'
import type { Route } from './+types/uploads'

/**
 * GET /uploads/<bucket>/<key>: uploaded files. Shopper photos and banner videos are
 * public; customers' personalisation files only for the admin. Every answer is locked
 * down as if the bytes were hostile (they came from the internet): the stored type, no
 * sniffing, a sandboxing CSP, and a download instead of inline display for anything
 * that is not an image or a video.
 *
 * `?w=<width>` on a JPEG, PNG or WebP answers a smaller WebP copy for srcSet
 * (app/server/images/variants.server.ts); on anything else (a video, a GIF) it is ignored
 * and the original is sent, since only rasters have a resolution worth reducing.
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
	const requested = parseWidthParam(new URL(request.url).searchParams)
	if (!requested.ok) return plain(400, requested.message)
	// Private files: the admin, or the browser session or account that uploaded this
	// personalization file (recorded with it), which sees its own preview and nobody else's.
	if (BUCKET_VISIBILITY[bucket] === 'admin' && !(bucket === 'personalizacao-arquivos' && (await requestOwnsKey(request, key)))) {
		await requireAdmin(request)
	}
	// Customer photos: public once approved; before that, their owner and the admin only. To
	// anyone else a pending (or unknown) photo does not exist.
	let publicFile = BUCKET_VISIBILITY[bucket] === 'public'
	if (BUCKET_VISIBILITY[bucket] === 'approved') {
		const photo = await photoVisibility(uploadUrl(bucket, key))
		if (!photo) return plain(404, 'Arquivo não encontrado.')
		if (!photo.approved) {
			const viewer = await getOptionalUser(request)
			if (!viewer || (viewer.id !== photo.ownerId && !viewer.isAdmin)) return plain(404, 'Arquivo não encontrado.')
		}
		publicFile = photo.approved
	}

	const object = await getBucketStorage(bucket).get(key)
	if (!object) return plain(404, 'Arquivo não encontrado.')

	// Keys are never reused (timestamped, no overwrite), so a day of caching is safe; not
	// a year, because a key names a moment, not the bytes (a deleted photo should not live
	// on in caches). Private files stay out of shared caches.
	const cacheControl = publicFile
		? 'public, max-age=86400'
		: BUCKET_VISIBILITY[bucket] === 'approved'
			? 'private, no-store'
			: 'private, max-age=3600'

	if (requested.width !== null && isResizable(object.contentType)) {
		const width = requested.width
		// AVIF to browsers that take it, once it has been made (in the background, for product
		// pictures); WebP otherwise. The answer depends on Accept, and caches must know.
		const avif = acceptsAvif(request) ? await readyAvifVariant(bucket, object, width) : null
		const format = avif ? 'avif' : 'webp'
		const etag = avif?.etag ?? variantEtag(object, width)
		const headers: Record<string, string> = {
			...LOCKED_DOWN,
			'Content-Type': `image/${format}`,
			'Content-Disposition': `inline; filename="${(key.split('/').pop() ?? 'imagem').replace(/\.[^.]*$/, '')}-${width}.${format}"`,
			'Cache-Control': cacheControl,
			Vary: 'Accept',
			ETag: etag,
			'Last-Modified': object.lastModified.toUTCString(),
		}
		// Answered before resizing: a browser revalidating its copy costs no work.
		if (matchesEtag(request.headers.get('if-none-match'), etag)) {
			return new Response(null, { status: 304, headers })
		}
		try {
			const variant = avif ?? (await getImageVariant(bucket, object, width))
			return new Response(variant.body(), { status: 200, headers: { ...headers, 'Content-Length': String(variant.size) } })
		} catch (error) {
			// Bytes sharp cannot read (truncated, or too many pixels): the original still shows.
			logger.warn({ error: String(error), bucket, key, width }, 'variante de imagem falhou; enviando o original')
		}
	}

	// A public original (product picture, banner video) with S3_PUBLIC_URL: the CDN serves it
	// (decision 080), with the bucket's headers; variants (content negotiated by Accept) stay here.
	const publicAddress = publicFile && requested.width === null ? getBucketStorage(bucket).publicUrl(key) : null
	if (publicAddress) {
		return new Response(null, { status: 302, headers: { Location: publicAddress, 'Cache-Control': 'public, max-age=86400' } })
	}

	const isMedia = /^(image|video)\//.test(object.contentType)
	const filename = key.split('/').pop() ?? 'arquivo'
	const headers: Record<string, string> = {
		...LOCKED_DOWN,
		'Content-Type': object.contentType,
		'Content-Disposition': `${isMedia ? 'inline' : 'attachment'}; filename="${filename}"`,
		'Cache-Control': cacheControl,
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

/** True when the browser lists image/avif in Accept (Chrome, Firefox and Safari 16+ do for images). */
function acceptsAvif(request: Request): boolean {
	return /(^|,)\s*image\/avif\s*(;|,|$)/i.test(request.headers.get('accept') ?? '')
}

function matchesEtag(header: string | null, etag: string): boolean {
	if (!header) return false
	if (header.trim() === '*') return true
	return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
