import { availableParallelism } from 'node:os'
import tsconfigPaths from 'vite-tsconfig-paths'
import { configDefaults, defineConfig } from 'vitest/config'
import { databaseTestFiles, moduleMockingTestFiles, onceOnPostgresTestFiles } from './tests/setup/test-file-groups'

const ROOTS = ['app', 'server', 'scripts', 'tests/integration']
const ALL_FILES = ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts']

// Unit and integration tests. They sit beside their source as *.test.ts(x);
// tests/ holds the shared setup, factories and the end-to-end suite (own config).
// TEST_FILES=database keeps only the files that reach a database: `npm test` runs them on
// PostgreSQL (decision 074). TEST_FILES=embedded, the embedded stage of a run that has a PostgreSQL
// stage, leaves out those whose subject is not the database: they run once, there (decision 130).
const onlyDatabase = process.env.TEST_FILES === 'database'
const onPostgresOnly = process.env.TEST_FILES === 'embedded' ? onceOnPostgresTestFiles(ROOTS) : []
const files = onlyDatabase ? databaseTestFiles(ROOTS) : ALL_FILES
const mocking = moduleMockingTestFiles(ROOTS).filter((file) => (!onlyDatabase || files.includes(file)) && !onPostgresOnly.includes(file))
const exclude = [...configDefaults.exclude, ...onPostgresOnly]

// Two files at a time on the two-core CI machine (decision 125): vitest's own default in a run is
// one worker fewer than the cores, so one file after another there, with a core mostly idle while a
// file waits on PostgreSQL, a server or Chromium. UNIT_WORKERS overrides (1 to debug an order effect).
const unitWorkers = Number(process.env.UNIT_WORKERS) || Math.max(2, availableParallelism())

export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		globalSetup: ['./tests/setup/global-setup.ts'],
		pool: 'forks',
		maxWorkers: unitWorkers,
		testTimeout: 30_000,
		hookTimeout: 60_000,
		restoreMocks: true,
		// vi.stubEnv / vi.stubGlobal are undone after each test: files share a worker (decision 074).
		unstubEnvs: true,
		unstubGlobals: true,
		projects: [
			{
				// Files share their worker's module cache (decision 074): the app's modules load once
				// per worker, not once per file, which halved the stage. Each file still gets a database
				// of its own (withTestDatabase), and module state a file changes it resets itself.
				extends: true,
				test: { name: 'unit', include: files, exclude: [...exclude, ...mocking], isolate: false },
			},
			{
				// vi.mock needs the mocked module imported anew: these files keep vitest's isolation.
				extends: true,
				test: { name: 'unit-isolated', include: mocking, isolate: true },
			},
		],
	},
})
