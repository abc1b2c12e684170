// Whether the production build is missing or older than its sources. Shared by
// `npm start` (scripts/start.mjs) and the tests that run the built server.
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

export const SERVER_ENTRY = 'build/server-entry/index.js'
const SOURCES = ['app', 'server', 'drizzle', 'public', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'scripts/vite-direct-imports.ts']

/** Test files (*.test.ts) do not make the build stale. */
function newestSourceMtime(target) {
	const stat = statSync(target)
	if (!stat.isDirectory()) return /\.test\.tsx?$/.test(target) ? 0 : stat.mtimeMs
	let newest = 0
	for (const entry of readdirSync(target)) {
		const time = newestSourceMtime(path.join(target, entry))
		if (time > newest) newest = time
	}
	return newest
}

export function isBuildStale() {
	if (!existsSync(SERVER_ENTRY) || !existsSync('build/server/index.js')) return true
	const built = statSync(SERVER_ENTRY).mtimeMs
	return SOURCES.filter((s) => existsSync(s)).some((s) => newestSourceMtime(s) > built)
}
