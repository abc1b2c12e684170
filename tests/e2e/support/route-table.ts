import path from 'node:path'
import type { ServerBuild } from 'react-router'

/** The real server build: its route table is what the server serves. */
export async function loadBuild(): Promise<ServerBuild> {
	return (await import(/* @vite-ignore */ path.resolve('build/server/index.js'))) as ServerBuild
}

/** Full URL pattern of every route (parents' paths joined), with what it exports. */
export function routeTable(build: ServerBuild) {
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
