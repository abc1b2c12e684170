import { type RouteConfig, index, route } from '@react-router/dev/routes'

// The route table. Folders under app/routes say who a route is for:
// storefront (public shop), auth, account (/user, customers), admin (/admin, owner),
// resources (no UI: SSE, uploads, health), seo (sitemap, robots).
export default [
	index('routes/storefront/home.tsx'),
	route('*', 'routes/storefront/not-found.tsx'),
] satisfies RouteConfig
