import path from 'node:path'
import type { ServerBuild } from 'react-router'

/**
 * The route table of the real server build, for the tests that must cover every route
 * (the permission matrix, the fuzz test): a route added to app/routes.ts shows up here
 * without anyone listing it by hand.
 */
export type RouteRow = {
	id: string
	/** Full URL pattern: the parents' paths joined ('/admin/pedidos/:orderId'). */
	path: string
	hasLoader: boolean
	hasAction: boolean
}

export async function loadBuild(): Promise<ServerBuild> {
	return (await import(/* @vite-ignore */ path.resolve('build/server/index.js'))) as ServerBuild
}

export function routeTable(build: ServerBuild): RouteRow[] {
	const routes = build.routes
	const fullPath = (id: string): string => {
		const route = routes[id]
		if (!route) return ''
		const parent = route.parentId ? fullPath(route.parentId) : ''
		const own = route.path ?? ''
		return own ? `${parent.replace(/\/$/, '')}/${own}` : parent
	}
	return Object.values(routes)
		.filter((route): route is NonNullable<typeof route> => !!route)
		.map((route) => ({
			id: route.id,
			path: fullPath(route.id) || '/',
			hasLoader: !!route.module.loader,
			hasAction: !!route.module.action,
		}))
}
