// Bundles the HTTP entry (server/index.ts) into build/server-entry/index.js. npm
// packages stay external; the app's own modules it imports (env, db, startup) are
// bundled in, and share the database connection with the React Router build through
// a process-wide key (see app/server/db.server.ts).
import path from 'node:path'
import { build } from 'esbuild'

await build({
	entryPoints: ['server/index.ts'],
	outfile: 'build/server-entry/index.js',
	bundle: true,
	platform: 'node',
	format: 'esm',
	target: 'node20',
	packages: 'external',
	alias: { '~': path.resolve('app') },
	sourcemap: true,
	logLevel: 'warning',
})
