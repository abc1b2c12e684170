import { requireAdmin } from '~/server/auth/guards.server'
import { exportProductsCsv } from '~/server/catalog-admin/product-export.server'
import type { Route } from './+types/products-export'

/** GET /admin/produtos/exportar.csv (issue 11): the whole catalogue in the Shopify product CSV layout. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const day = new Date().toISOString().slice(0, 10)
	return new Response(exportProductsCsv(), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="produtos-${day}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
