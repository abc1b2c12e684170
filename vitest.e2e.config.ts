import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

// End-to-end: real Chromium (Debian's) against the real production build on a
// temporary data directory. One server for the whole run (started in global setup);
// files run one after another, the machine has two cores.
export default defineConfig({
	plugins: [tsconfigPaths()],
	test: {
		include: ['tests/e2e/**/*.e2e.ts'],
		globalSetup: ['./tests/e2e/support/global-setup.ts'],
		fileParallelism: false,
		testTimeout: 60_000,
		hookTimeout: 180_000,
		// expect.poll waits for what a browser shows; vitest's 1 s default is a flake on a loaded machine.
		expect: { poll: { timeout: 10_000 } },
	},
})
