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
		route('produto/:handle', 'routes/storefront/product.tsx'),
		route('assinaturas', 'routes/storefront/subscriptions.tsx'),
		// The policy pages (issue 13): one module, three paths.
		route('trocas-e-devolucoes', 'routes/storefront/policy.tsx', { id: 'policy-returns' }),
		route('privacidade', 'routes/storefront/policy.tsx', { id: 'policy-privacy' }),
		route('termos-de-uso', 'routes/storefront/policy.tsx', { id: 'policy-terms' }),
		route('checkout', 'routes/storefront/checkout.tsx'),
		route('pedido/:reference', 'routes/storefront/order.tsx'),
		route(':handle', 'routes/storefront/category.tsx', { id: 'category-short' }),
		route('*', 'routes/storefront/not-found.tsx'),
	]),
	route('user', 'routes/account/layout.tsx', [route('dashboard', 'routes/account/dashboard.tsx'), route('favorites', 'routes/account/favorites.tsx')]),
	route('admin', 'routes/admin/layout.tsx', [
		index('routes/admin/dashboard.tsx'),
		route('pedidos', 'routes/admin/orders.tsx'),
		route('pedidos/exportar.csv', 'routes/admin/orders-export.ts'),
		route('pedidos/:orderId', 'routes/admin/order.tsx'),
		route('cupons', 'routes/admin/coupons.tsx'),
		route('cupons/importar', 'routes/admin/coupons-import.tsx'),
		route('configuracoes', 'routes/admin/settings.tsx'),
		route('emails', 'routes/admin/emails.tsx'),
	]),
	route('auth', 'routes/auth/auth.tsx'),
	route('auth/confirmar', 'routes/auth/confirm-email.tsx'),
	route('auth/esqueci-senha', 'routes/auth/forgot-password.tsx'),
	route('auth/redefinir-senha', 'routes/auth/reset-password.tsx'),
	route('logout', 'routes/auth/logout.tsx'),
	// The cart: loader (the drawer's data) and one action switching on `intent` (Hydrogen's /cart).
	route('cart', 'routes/resources/cart.ts'),
	route('resources/search', 'routes/resources/search.ts'),
	route('resources/cep/:cep', 'routes/resources/cep.ts'),
	route('resources/favorites', 'routes/resources/favorites.ts'),
	route('resources/views', 'routes/resources/views.ts'),
	route('resources/reviews', 'routes/resources/reviews.ts'),
	route('resources/theme', 'routes/resources/theme.ts'),
	route('resources/events', 'routes/resources/events.ts'),
	route('uploads/:bucket/*', 'routes/resources/uploads.ts'),
	route('imagens/demo/:nome', 'routes/resources/demo-image.ts'),
] satisfies RouteConfig
