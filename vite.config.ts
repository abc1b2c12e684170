import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { directImports } from './scripts/vite-direct-imports'
import { moduleSizes } from './scripts/vite-module-sizes'
import { stylesheetFile } from './scripts/vite-stylesheet-file'

type GraphReader = (id: string) => { importedIds: readonly string[] } | null

/** The React runtime and React Router: every page loads all of them, so they share one file. */
const FRAMEWORK = /node_modules\/(react|react-dom|scheduler|react-router)\/|^\0?vite\/preload-helper|commonjsHelpers/

/**
 * Modules in `shared` whoever imports them. The text field (0.2 KB gzip) was in the shell through the
 * error pages until they loaded on demand (decision 144); the search, product and checkout pages and
 * the back-office use it, and alone it would be one more file on each. The policy links: the checkout's
 * layout and the footer, which loads on approach (decision 148), list them.
 */
const SHARED_ALWAYS = /\/app\/(utils\/(format|load-once)\.ts|components\/ui\/input\.tsx|components\/shop\/policy-links\.ts)$/

/**
 * Modules in `shell` whoever imports them: the placeholder cards the home's featured rows and the
 * category's grid draw while loading. The shell imported them through the page skeletons until
 * those loaded when a navigation starts (decision 148); left to the `cards` group with the grid, they
 * would bring every card's code into the home's first load.
 */
const SHELL_ALWAYS = /\/app\/components\/(shop\/product-grid-skeleton|ui\/skeleton)\.tsx$/

/** The route modules whose static imports every storefront page loads. */
const SHELL_ENTRIES = [/\/app\/root\.tsx$/, /\/app\/routes\/storefront\/layout\.tsx$/]
const isShellEntry = (id: string) => SHELL_ENTRIES.some((entry) => entry.test(id.replace(/\?.*$/, '')))

/** A module and everything it imports statically, closed. */
function staticClosure(getModuleInfo: GraphReader, entries: string[]): Set<string> {
	const found = new Set<string>()
	const queue = [...entries]
	while (queue.length > 0) {
		const id = queue.pop() as string
		if (found.has(id)) continue
		found.add(id)
		queue.push(...(getModuleInfo(id)?.importedIds ?? []))
	}
	return found
}

/** The browser build's route modules (without their server code) whose file matches. */
function routeModules(ids: Iterable<string>, file: RegExp): string[] {
	const all = [...ids].filter((id) => file.test(id.replace(/\?.*$/, '')))
	const client = all.filter((id) => id.includes('?__react-router-build-client-route'))
	return client.length > 0 ? client : all
}

/** A storefront page's route module, and its name (the layouts are not pages). */
const PAGE = /\/app\/routes\/storefront\/((?![^/]*layout\.)[^/]+)\.tsx$/

type Graph = { shell: Set<string>; admin: Set<string>; checkout: Set<string>; pages: Map<string, Set<string>>; cards: Set<string> }
const graphs = new WeakMap<GraphReader, Graph>()
/**
 * `shell`: what every storefront page loads — the root's and the storefront layout's static imports,
 * closed. `admin`: what the root and the back-office's route modules import. `checkout`: what the
 * checkout's layout and page import (it is not under the storefront layout). `pages`: for each
 * storefront page, what its own route module imports.
 */
function storefrontGraph(getModuleInfo: GraphReader, ids: Iterable<string>): Graph {
	const known = graphs.get(getModuleInfo)
	if (known) return known
	const all = [...ids]
	const graph = {
		shell: staticClosure(getModuleInfo, routeModules(all, /\/app\/(root|routes\/storefront\/layout)\.tsx$/)),
		admin: staticClosure(getModuleInfo, routeModules(all, /\/app\/(root\.tsx|routes\/admin\/.+\.tsx?)$/)),
		checkout: staticClosure(getModuleInfo, routeModules(all, /\/app\/routes\/storefront\/checkout(-layout)?\.tsx$/)),
		pages: new Map(routeModules(all, PAGE).map((id) => [PAGE.exec(id.replace(/\?.*$/, ''))?.[1] as string, staticClosure(getModuleInfo, [id])])),
		// The product grid and everything it imports (the `cards` groups below).
		cards: staticClosure(getModuleInfo, all.filter((id) => /\/app\/components\/shop\/product-grid\.tsx$/.test(id))),
	}
	graphs.set(getModuleInfo, graph)
	return graph
}

/**
 * Fewer files on a phone's first load (issue 34, decisions 089 and 137): Rollup gives each small
 * module shared by several routes its own file (46 on a product page, most under 1 KB). Groups that
 * add no byte a page would not load anyway:
 * - `framework`: React and React Router, which every page loads.
 * - `shell`: what the storefront layout and the root import, which every storefront page loads;
 *   `shared` holds the part the back-office or the checkout imports too (cn, buttons, toasts…), so
 *   that neither loads the storefront's header and footer.
 * - the storefront's icons go with `shared` (decision 147: each is a few bytes pointing into the
 *   sprite; they had `icons` and `icons-<page>` files while their shapes were JavaScript).
 */
function sharedChunkOf(id: string, { getModuleIds, getModuleInfo }: { getModuleIds: () => IterableIterator<string>; getModuleInfo: GraphReader }): string | undefined {
	if (FRAMEWORK.test(id)) return 'framework'
	const graph = storefrontGraph(getModuleInfo, getModuleIds())
	// What the checkout imports of the shell is in `shared` too: its layout is not the storefront's
	// (decision 138), and `shell` would bring the storefront's header and footer back into its first load.
	if (graph.shell.has(id) && !isShellEntry(id)) return graph.admin.has(id) || graph.checkout.has(id) ? 'shared' : 'shell'
	// Money and dates, which nearly every page and the back-office format: with `shared`, where the shell
	// had put it, not in the group of whichever page imported it first (decision 137). `loadOnce`, which the
	// lazy parts of several pages use, would otherwise be a file of its own.
	if (SHARED_ALWAYS.test(id)) return 'shared'
	if (SHELL_ALWAYS.test(id)) return 'shell'
	// An icon is ~40 bytes since decision 147 (its shape is in the sprite): the storefront's all in
	// `shared`, instead of a file per page's few; the back-office's alone stay with its pages.
	if (id.includes('/app/components/icons/lucide/')) {
		const storefront = graph.shell.has(id) || [...graph.pages.values()].some((modules) => modules.has(id))
		return storefront ? 'shared' : undefined
	}
	// The product card and what it brings, which the shell held until its skeletons stopped importing
	// the card (decision 137): `cards` for the pages that list products; what the product page imports
	// of it too (favourite button, badge) in `card-parts`, and what the checkout imports too (the
	// instalments) in `prices`, so that neither loads the card. Rollup puts an unassigned dependency
	// of a group in the group, so each part is named.
	if (graph.cards.has(id)) {
		if (graph.pages.get('checkout')?.has(id)) return 'prices'
		if (graph.pages.get('product')?.has(id)) return 'card-parts'
		return 'cards'
	}
	return undefined
}

export default defineConfig({
	plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), directImports(), moduleSizes(), stylesheetFile()],
	build: {
		target: 'es2022',
		rollupOptions: { output: { manualChunks: sharedChunkOf } },
	},
	environments: {
		// The browser's files by Terser: 3.7 % fewer gzip bytes than esbuild's minification on the same
		// code (the framework file 104.1 → 100.3 KB), for the phone's first load (issue 34, decision 151).
		// The server's build is not minified.
		client: { build: { minify: 'terser', terserOptions: { module: true, compress: { passes: 2 } } } },
	},
	ssr: {
		// PGlite ships wasm + data files that must stay on disk next to the package.
		external: ['@electric-sql/pglite', 'pg', 'pino', 'nodemailer'],
	},
})
