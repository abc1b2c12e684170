import { exportCustomerData } from '~/server/account/data-export.server'
import { requireUser } from '~/server/auth/guards.server'
import type { Route } from './+types/data-export'

/** GET /user/settings/dados.json: the signed-in customer's own data as a download (LGPD). */
export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const body = JSON.stringify(await exportCustomerData(user.id), null, 2)
	return new Response(body, {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Content-Disposition': 'attachment; filename="meus-dados.json"',
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}
