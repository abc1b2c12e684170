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

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const parsed = customOrderFileParams.safeParse(params)
	if (!parsed.success) return notFound()
	const location = await customOrderFile(parsed.data.id, parsed.data.campo)
	if (!location) return notFound()
	const object = await getBucketStorage(location.bucket).get(location.key)
	if (!object) return notFound()
	const filename = location.key.split('/').pop() ?? 'arquivo'
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
