import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

// Unit and integration tests. They sit beside their source as *.test.ts(x);
// tests/ holds the shared setup, factories and the end-to-end suite (own config).
export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		globalSetup: ['./tests/setup/global-setup.ts'],
		pool: 'forks',
		testTimeout: 30_000,
		hookTimeout: 60_000,
		restoreMocks: true,
	},
})
