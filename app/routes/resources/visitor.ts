import { data } from 'react-router'
import { loadVisitor } from '~/server/visitor/visitor.server'
import type { Route } from './+types/visitor'

/**
 * The per-visitor part of every page (decision 049), read by the root's clientLoader after
 * the shared, cacheable HTML has hydrated. Never stored by anyone: it names a person and
 * their cart.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const { visitor, headers } = await loadVisitor(request)
	const responseHeaders = new Headers(headers ?? undefined)
	responseHeaders.set('Cache-Control', 'private, no-store')
	return data(visitor, { headers: responseHeaders })
}
