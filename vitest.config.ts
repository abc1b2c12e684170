import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'
import { databaseTestFiles } from './tests/setup/database-test-files'

const ROOTS = ['app', 'server', 'scripts', 'tests/integration']
const ALL_FILES = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts']

// Unit and integration tests. They sit beside their source as *.test.ts(x);
// tests/ holds the shared setup, factories and the end-to-end suite (own config).
// TEST_FILES=database keeps only the files that reach a database: `npm test` runs them a second
// time on PostgreSQL, the rest once (decision 074).
export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		include: process.env.TEST_FILES === 'database' ? databaseTestFiles(ROOTS) : ALL_FILES,
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		globalSetup: ['./tests/setup/global-setup.ts'],
		pool: 'forks',
		testTimeout: 30_000,
		hookTimeout: 60_000,
		restoreMocks: true,
	},
})
