/**
 * A Vite plugin for `npm run bench:js` (scripts/js-report.ts, issue 14): after the browser build it
 * writes build/js-modules.json — for every JavaScript chunk, the source modules it holds and their
 * rendered length (after tree-shaking, before minification). The report spreads a chunk's gzipped
 * size over its modules in that proportion to name the biggest ones, without a visualizer package.
 * The file sits outside build/client, so the server never serves it.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

export type ChunkModules = Record<string, { modules: Record<string, number> }>

export const MODULE_SIZES_FILE = 'build/js-modules.json'

/** node_modules/.pnpm-free path of a module, relative to the project: 'node_modules/react-dom/…' or 'app/…'. */
function shortModuleId(id: string, root: string) {
	const clean = id.replace(/\?.*$/, '').replace(/^\0/, '')
	const relative = path.relative(root, clean)
	return relative.startsWith('..') ? clean : relative
}

export function moduleSizes(): Plugin {
	let root = process.cwd()
	return {
		name: 'module-sizes',
		apply: 'build',
		configResolved(config) {
			root = config.root
		},
		generateBundle(_options, bundle) {
			// Only the browser build: the server build has no client entry.
			if (this.environment?.name !== 'client') return
			const chunks: ChunkModules = {}
			for (const output of Object.values(bundle)) {
				if (output.type !== 'chunk') continue
				const modules: Record<string, number> = {}
				for (const [id, info] of Object.entries(output.modules)) {
					if (info.renderedLength > 0) modules[shortModuleId(id, root)] = info.renderedLength
				}
				chunks[`/${output.fileName}`] = { modules }
			}
			mkdirSync(path.dirname(MODULE_SIZES_FILE), { recursive: true })
			writeFileSync(MODULE_SIZES_FILE, `${JSON.stringify(chunks)}\n`)
		},
	}
}
