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
		// The whole result list of a search, with sort and filters (issue 13).
		route('busca', 'routes/storefront/search-results.tsx'),
		route('assinaturas', 'routes/storefront/subscriptions.tsx'),
		// Personalization and wholesale (document 001 §2, issue 9); '/atacado' wins over '/:handle'.
		route('personalize', 'routes/storefront/personalize-bandana.tsx'),
		route('personalize-colares', 'routes/storefront/personalize-collar.tsx'),
		route('atacado', 'routes/storefront/wholesale.tsx'),
		// The policy pages (issue 13): one module, three paths.
		route('trocas-e-devolucoes', 'routes/storefront/policy.tsx', { id: 'policy-returns' }),
		route('privacidade', 'routes/storefront/policy.tsx', { id: 'policy-privacy' }),
		route('termos-de-uso', 'routes/storefront/policy.tsx', { id: 'policy-terms' }),
		route('pedido/:reference', 'routes/storefront/order.tsx'),
		// Issue 31 (decision 121): the abandoned-cart reminder's links (restore the cart; stop the reminders).
		route('carrinho/voltar/:token', 'routes/storefront/cart-restore.tsx'),
		route('lembretes/cancelar/:token', 'routes/storefront/reminder-unsubscribe.tsx'),
		route(':handle', 'routes/storefront/category.tsx', { id: 'category-short' }),
		route('*', 'routes/storefront/not-found.tsx'),
	]),
	// The checkout draws its own header and footer, not the shop's (issue 34): a layout of its own,
	// so its first load skips the storefront shell's code.
	layout('routes/storefront/checkout-layout.tsx', [route('checkout', 'routes/storefront/checkout.tsx')]),
	route('user', 'routes/account/layout.tsx', [
		route('dashboard', 'routes/account/dashboard.tsx'),
		route('favorites', 'routes/account/favorites.tsx'),
		route('orders', 'routes/account/orders.tsx'),
		route('profile', 'routes/account/profile.tsx'),
		route('pets', 'routes/account/pets.tsx'),
		route('photos', 'routes/account/photos.tsx'),
		route('gamification', 'routes/account/gamification.tsx'),
		route('rewards', 'routes/account/rewards.tsx'),
		route('settings', 'routes/account/settings.tsx'),
		route('settings/dados.json', 'routes/account/data-export.ts'),
	]),
	route('admin', 'routes/admin/layout.tsx', [
		index('routes/admin/dashboard.tsx'),
		// Issue 30: an old address of the dashboard.
		route('dashboard', 'routes/admin/dashboard-redirect.ts'),
		route('users', 'routes/admin/users.tsx'),
		route('produtos', 'routes/admin/products.tsx'),
		route('produtos/novo', 'routes/admin/product-new.tsx'),
		route('produtos/importar', 'routes/admin/products-import.tsx'),
		route('produtos/importar/arquivo', 'routes/admin/products-import-file.ts'),
		route('produtos/exportar.csv', 'routes/admin/products-export.ts'),
		route('produtos/:productId', 'routes/admin/product.tsx'),
		route('produtos/:productId/imagens', 'routes/admin/product-images.ts'),
		route('estoque', 'routes/admin/stock.tsx'),
		route('colecoes', 'routes/admin/collections.tsx'),
		route('colecoes/:collectionId', 'routes/admin/collection.tsx'),
		route('users/:userId', 'routes/admin/user.tsx'),
		route('pedidos', 'routes/admin/orders.tsx'),
		route('pedidos/exportar.csv', 'routes/admin/orders-export.ts'),
		route('pedidos/:orderId', 'routes/admin/order.tsx'),
		route('pagamentos', 'routes/admin/payments.tsx'),
		// Issue 31: withdrawal requests (direito de arrependimento, decision 117).
		route('desistencias', 'routes/admin/return-requests.tsx'),
		route('cupons', 'routes/admin/coupons.tsx'),
		route('cupons/importar', 'routes/admin/coupons-import.tsx'),
		route('configuracoes', 'routes/admin/settings.tsx'),
		// Issue 30: the store's logo, sent as a file from the settings page.
		route('configuracoes/logo', 'routes/admin/settings-logo.ts'),
		route('emails', 'routes/admin/emails.tsx'),
		route('atividade', 'routes/admin/activity.tsx'),
		// Personalization and wholesale back-office (document 001 §2, issue 9).
		route('personalizacao/bandanas', 'routes/admin/personalization-bandanas.tsx'),
		route('personalizacao/colares', 'routes/admin/personalization-collars.tsx'),
		route('atacado', 'routes/admin/wholesale.tsx'),
		route('pedidos-personalizados', 'routes/admin/custom-orders.tsx'),
		route('avaliacoes', 'routes/admin/reviews.tsx'),
		route('fotos', 'routes/admin/photos.tsx'),
		route('fidelidade', 'routes/admin/loyalty.tsx'),
		// 'Gerenciar Aria' (document 001 §2, issue 12).
		route('aria', 'routes/admin/aria.tsx'),
		route('banner', 'routes/admin/banner-video.tsx'),
		route('subscription-cta-video', 'routes/admin/subscription-cta-video.tsx'),
		route('personalization-video', 'routes/admin/personalization-video.tsx'),
		route('videos/:slot/upload', 'routes/admin/video-upload.ts'),
		route('pedidos-personalizados/:id/arquivo/:campo', 'routes/admin/custom-order-file.ts'),
		// Issue 30: a custom piece's printable work order.
		route('pedidos-personalizados/:id/ordem', 'routes/admin/custom-order-sheet.tsx'),
	]),
	route('auth', 'routes/auth/auth.tsx'),
	route('auth/confirmar', 'routes/auth/confirm-email.tsx'),
	route('auth/esqueci-senha', 'routes/auth/forgot-password.tsx'),
	route('auth/redefinir-senha', 'routes/auth/reset-password.tsx'),
	route('auth/novo-email', 'routes/auth/confirm-new-email.tsx'),
	route('logout', 'routes/auth/logout.tsx'),
	// The cart: loader (the drawer's data) and one action switching on `intent` (Hydrogen's /cart).
	route('cart', 'routes/resources/cart.ts'),
	// Issue 32 (decision 113): 'Calcular frete' on the product page and in the cart; a static path, so it wins over '/:handle'.
	route('frete', 'routes/resources/shipping-quote.ts'),
	// Issue 31 (decision 120): 'Avise-me quando chegar' on a sold-out variant, its confirmation and one-click way out.
	route('avise-me', 'routes/resources/restock-alert.ts'),
	route('avise-me/confirmar', 'routes/resources/restock-confirm.ts'),
	route('avise-me/cancelar', 'routes/resources/restock-cancel.ts'),
	// Issue 29: the PSP's API Pix notifications (the PSP appends '/pix' to the registered URL).
	route('webhooks/pix/:token/pix', 'routes/resources/pix-webhook.ts'),
	// Issue 29 (decision 078): Mercado Pago's signed notifications.
	route('webhooks/mercadopago', 'routes/resources/mercadopago-webhook.ts'),
	route('resources/search', 'routes/resources/search.ts'),
	// Who is looking (signed-in person, cart, favourites, toast): fetched after the shared page hydrates.
	route('resources/visitor', 'routes/resources/visitor.ts'),
	// The Aria assistant (issue 12): conversation, streamed replies, product cards.
	route('resources/aria', 'routes/resources/aria.ts'),
	route('resources/aria/produtos', 'routes/resources/aria-products.ts'),
	// Issue 31: the breed table for the size guide, loaded when the guide is about to open.
	route('resources/breed-sizes', 'routes/resources/breed-sizes.ts'),
	route('resources/cep/:cep', 'routes/resources/cep.ts'),
	route('resources/favorites', 'routes/resources/favorites.ts'),
	route('resources/views', 'routes/resources/views.ts'),
	// The home rows' cards, asked for when the first row comes near (decision 139).
	route('resources/home-rows', 'routes/resources/home-rows.ts'),
	route('resources/reviews', 'routes/resources/reviews.ts'),
	route('resources/personalizacao/arquivo', 'routes/resources/personalization-file.ts'),
	route('resources/theme', 'routes/resources/theme.ts'),
	route('resources/events', 'routes/resources/events.ts'),
	route('uploads/:bucket/*', 'routes/resources/uploads.ts'),
	route('imagens/demo/:nome', 'routes/resources/demo-image.ts'),
] satisfies RouteConfig
