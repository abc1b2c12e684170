import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

// The route table. Folders under app/routes say who a route is for:
// storefront (public shop), auth, account (/user, customers), admin (/admin, owner),
// resources (no UI: SSE, uploads, health), seo (sitemap, robots).
export default [
	// SEO resource routes (loader only); static paths, so they win over '/:handle'.
	route('sitemap.xml', 'routes/seo/sitemap.ts'),
	route('robots.txt', 'routes/seo/robots.ts'),
	// The shop shell (header, footer, assistant button) around the public pages.
	layout('routes/storefront/layout.tsx', [
		index('routes/storefront/home.tsx'),
		route('categoria/:handle', 'routes/storefront/category.tsx', { id: 'category' }),
		route('em-breve', 'routes/storefront/coming-soon.tsx'),
		route(':handle', 'routes/storefront/category.tsx', { id: 'category-short' }),
		route('*', 'routes/storefront/not-found.tsx'),
	]),
	route('user', 'routes/account/layout.tsx', [route('dashboard', 'routes/account/dashboard.tsx')]),
	route('admin', 'routes/admin/layout.tsx', [index('routes/admin/dashboard.tsx')]),
	route('auth', 'routes/auth/auth.tsx'),
	route('auth/confirmar', 'routes/auth/confirm-email.tsx'),
	route('auth/esqueci-senha', 'routes/auth/forgot-password.tsx'),
	route('auth/redefinir-senha', 'routes/auth/reset-password.tsx'),
	route('logout', 'routes/auth/logout.tsx'),
	route('resources/theme', 'routes/resources/theme.ts'),
	route('resources/events', 'routes/resources/events.ts'),
	route('uploads/:bucket/*', 'routes/resources/uploads.ts'),
	route('imagens/demo/:nome', 'routes/resources/demo-image.ts'),
] satisfies RouteConfig
