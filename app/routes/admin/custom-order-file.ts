import { requireAdmin } from '~/server/auth/guards.server'
import { customOrderFile, customOrderFileParams } from '~/server/personalization/custom-orders.server'
import { getBucketStorage } from '~/server/storage.server'
import type { Route } from './+types/custom-order-file'

/**
 * GET /admin/pedidos-personalizados/:id/arquivo/:campo: a custom order's file as a download
 * (document 001 §2, §7: 'download by path (admin)'). The path comes from the row, never from
 * the request; the bytes are served as hostile as any upload (uploads.ts).
 */
function notFound() {
	return new Response('Arquivo não encontrado.', {
		status: 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
	})
}

/** How long a presigned download stays valid: long enough to start it, too short to share it. */
const SIGNED_URL_SECONDS = 60

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const parsed = customOrderFileParams.safeParse(params)
	if (!parsed.success) return notFound()
	const location = await customOrderFile(parsed.data.id, parsed.data.campo)
	if (!location) return notFound()
	const object = await getBucketStorage(location.bucket).get(location.key)
	if (!object) return notFound()
	const filename = location.key.split('/').pop() ?? 'arquivo'
	// On S3 (decision 080) the admin's browser fetches the bytes from the bucket itself, through a
	// presigned GET that lives a minute: handed out only here, after requireAdmin.
	const signed = await getBucketStorage(location.bucket).signedUrl(location.key, {
		expiresInSeconds: SIGNED_URL_SECONDS,
		disposition: 'attachment',
		filename,
	})
	if (signed) {
		return new Response(null, {
			status: 302,
			headers: { Location: signed, 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' },
		})
	}
	return new Response(object.body(), {
		status: 200,
		headers: {
			'Content-Type': object.contentType,
			'Content-Length': String(object.size),
			'Content-Disposition': `attachment; filename="${filename}"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
			'Content-Security-Policy': "default-src 'none'; sandbox",
			'Cross-Origin-Resource-Policy': 'same-origin',
		},
	})
}
