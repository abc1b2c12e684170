import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// The whole route manifest ships with the first page: no /__manifest requests when
	// links appear or are hovered (a request fewer per navigation on slow phones), and no
	// "Failed to fetch manifest patches" when a navigation interrupts one. The shop has tens
	// of routes, not thousands, so the manifest stays small.
	routeDiscovery: { mode: 'initial' },
	future: { v8_middleware: false },
} satisfies Config
