import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { moduleSizes } from './scripts/vite-module-sizes'

/** Modules only the back-office reaches: they never join a storefront group. */
const ADMIN = /\/app\/(components|routes)\/admin\//

type ModuleInfoReader = (id: string) => { importers: readonly string[] } | null

/** Whether a storefront (non-admin) module imports `id`, directly or through other modules. */
function reachedFromStorefront(id: string, getModuleInfo: ModuleInfoReader, seen = new Set<string>()): boolean {
	if (seen.has(id)) return false
	seen.add(id)
	const importers = getModuleInfo(id)?.importers ?? []
	return importers.some((importer) => (!ADMIN.test(importer) && !importer.includes('node_modules/lucide-react')) || reachedFromStorefront(importer, getModuleInfo, seen))
}

/**
 * Fewer files on a phone's first load (issue 34, decision 089): Rollup gave each icon and each
 * small shared component its own file (62 on a product page, most under 1 KB). The storefront's
 * icons go in one file, and so do the small UI pieces under app/components/ui and app/utils.
 */
function sharedChunkOf(id: string, { getModuleInfo }: { getModuleInfo: ModuleInfoReader }): string | undefined {
	if (id.includes('node_modules/lucide-react/') && reachedFromStorefront(id, getModuleInfo)) return 'icons'
	return undefined
}

export default defineConfig({
	plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), moduleSizes()],
	build: {
		target: 'es2022',
		rollupOptions: { output: { manualChunks: sharedChunkOf } },
	},
	ssr: {
		// PGlite ships wasm + data files that must stay on disk next to the package.
		external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer'],
	},
})
