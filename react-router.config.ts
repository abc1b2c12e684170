import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// Lazy route discovery (decision 143, superseding 009's 'initial'): a page's HTML carries only
	// its own routes, not the whole manifest script (~5 KB gzip on every page's first load); right
	// after hydration one `/__manifest` request (cached by the browser: immutable per version and
	// paths) learns the routes of the page's links and forms, and of the fetcher-only routes that
	// `RouteDiscoveryHints` (root.tsx) names.
	routeDiscovery: { mode: 'lazy' },
	future: { v8_middleware: false },
} satisfies Config
