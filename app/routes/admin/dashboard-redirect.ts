import { redirect } from 'react-router'
import { requireAdmin } from '~/server/auth/guards.server'
import type { Route } from './+types/dashboard-redirect'

/** /admin/dashboard: an old address of the dashboard (links, bookmarks) goes to /admin instead of a 404. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	throw redirect('/admin', 301)
}
