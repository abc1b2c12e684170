/**
 * `npm run bench:js` (issue 14): the first-load JavaScript of each storefront page, from the
 * production build (run `npm run build` first; the script builds when the build is stale).
 *
 * A page's first load is what its HTML makes the browser fetch before hydration: React Router's
 * manifest script, the client entry, the root, the page's layout and the page's route module,
 * with every file they import statically (the same set React Router writes as modulepreload links).
 * Dynamic imports (lazy components) are not counted: they load later, on demand. With routeDiscovery
 * 'initial' (react-router.config.ts) the page imports the whole route manifest's script, which counts;
 * with 'lazy' the page's HTML holds a partial manifest instead (the page's routes and those of its
 * parent paths, as React Router's `getPartialManifest` picks them), counted at its own gzip size.
 * The manifest's answers to `/__manifest` after load are not counted.
 *
 * A file's size is what the server sends a browser that takes gzip but not Brotli: the build's
 * precompressed copy (scripts/precompress-assets.mjs, Zopfli since decision 152), or the file as it
 * is when compressing it saves nothing; the Brotli column is what a browser that takes Brotli (every
 * browser over HTTPS, Chrome on a phone) receives. The inline manifest is gzipped with zlib's default,
 * as the page it rides in.
 * The biggest modules come from build/js-modules.json (scripts/vite-module-sizes.ts): a chunk's
 * gzipped size spread over its modules in proportion to their rendered length, so they are estimates.
 * The last column is the stylesheet a page links (0 since decision 048 puts it inside the HTML).
 * Also checks that no server-only module (.server files, app/db, database and Node packages)
 * is in any browser chunk, and that no page's first load holds another route's code: a route
 * module (app/routes) outside the page's own chain, or the back-office's components. Exits with 1
 * when a page misses its budget (KB or files) or server code ships.
 *
 * Options: --modules N (biggest modules listed per page, default 12), --files (each page's files, on
 * stderr), --json (machine-readable),
 * --ratchet (CI: exit 1 only when a page passes its ceiling, or code leaks; the budgets are reported).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Config } from '@react-router/dev/config'
import { matchRoutes } from 'react-router'
import { ensureBuilt } from '#tests/support/app-server'
import reactRouterConfig from '../react-router.config'
import { type ChunkModules, MODULE_SIZES_FILE } from './vite-module-sizes'

const CLIENT_DIR = 'build/client'
/** The storefront's layouts: the shop's shell, and the checkout's own (decision 138). */
const LAYOUTS = ['routes/storefront/layout', 'routes/storefront/checkout-layout']
const KB = 1024

/** No page's first load over this many gzipped KB (issue 34). */
const PAGE_BUDGET_KB = 140
/**
 * `ceiling` is the ratchet CI holds (`--ratchet`, decision 125): what each page weighs today, rounded
 * up. The budgets are the goal and not yet met; a change may not make a page heavier than its
 * ceiling, and one that makes it lighter lowers the ceiling in the same commit.
 *
 * The pages measured, with their budgets (issue 34): gzipped KB and files of the first load. The
 * product page, the one shoppers land on from a shared link, has the tightest; every page has
 * PAGE_BUDGET_KB.
 */
// Every page −4.4 to −4.7 KB and −1 file (decision 143): lazy route discovery writes the page's own routes into its HTML instead of loading the whole manifest script.
// Every page −0.8 to −0.9 KB (decision 144): the error pages load when an error is met.
// Every page −1.2 to −1.3 KB (decision 145): `cn` merges by itself, without tailwind-merge's engine.
// Storefront pages −0.9 to −1.9 KB (decision 148): Slot and variants without Radix and cva; the footer and the page skeletons load when needed.
// Every page −3.8 to −4.2 KB (decision 151): the browser's files minified by Terser instead of esbuild.
// Every page −3.6 to −3.9 KB (decision 152): the sizes are what the server sends, its precompressed copies, gzip by Zopfli.
const PAGES: { name: string; routeId: string; budgetKb: number; maxFiles?: number; ceiling: { kb: number; files: number } }[] = [
	// +1 file (decision 137): the featured cards' lazy module shares modules with the home's chunk, which React Router's route chunk may not export, so Rollup adds a 0.2 KB facade.
	// 142 → 141 KB (decision 139): the rows' arrows, the review cards and the video player load when their section nears.
	// 14 → 13 files (decision 146): icons the product page no longer loads left the shared `icons` file; the review form's texts left the star rating's.
	{ name: 'Início', routeId: 'routes/storefront/home', budgetKb: PAGE_BUDGET_KB, maxFiles: 25, ceiling: { kb: 121, files: 10 } },
	// Category, search and subscriptions +1 KB and +3 files (decision 137): the product card left the shell, which every page loads, for the `cards`, `card-parts` and `prices` files these pages load.
	{ name: 'Categoria', routeId: 'category', budgetKb: PAGE_BUDGET_KB, maxFiles: 25, ceiling: { kb: 121, files: 13 } },
	// +3 files (decision 137): the reviews (shared with the lazy subscription layout), and the card's parts and prices that were in the shell; −1 (decision 138): the review form's code loads near the form.
	// 153 → 145 KB, 24 → 16 files (decision 146): 'Calcular frete', the reviews, the restock alert, the extras, the pets' size hint and the guide's neck column load when needed.
	// Every page −1.5 to −3.7 KB and up to −2 files (decision 147): the icons' shapes in a sprite file, not in the JavaScript.
	{ name: 'Produto', routeId: 'routes/storefront/product', budgetKb: 125, maxFiles: 25, ceiling: { kb: 125, files: 13 } },
	{ name: 'Busca', routeId: 'routes/storefront/search-results', budgetKb: PAGE_BUDGET_KB, ceiling: { kb: 122, files: 13 } },
	// Decision 138: a layout of its own, without the storefront shell's file.
	{ name: 'Checkout', routeId: 'routes/storefront/checkout', budgetKb: PAGE_BUDGET_KB, ceiling: { kb: 128, files: 16 } },
	{ name: 'Assinaturas', routeId: 'routes/storefront/subscriptions', budgetKb: PAGE_BUDGET_KB, ceiling: { kb: 120, files: 12 } },
]

/** A path of each measured page, for the routes React Router writes into its HTML in 'lazy' discovery. */
const SAMPLE_PATHS: Record<string, string> = {
	'routes/storefront/home': '/',
	category: '/categoria/bandana',
	'routes/storefront/product': '/produto/bandana-preta',
	'routes/storefront/search-results': '/busca',
	'routes/storefront/checkout': '/checkout',
	'routes/storefront/subscriptions': '/assinaturas',
}

/**
 * Modules that belong on the server only; any of them in a browser chunk is a leak. Files in
 * app/server without the .server suffix (e.g. coupons/coupon-input.ts) are shared on purpose.
 */
const SERVER_ONLY = [
	/\.server\.[jt]sx?$/,
	/^app\/db\//,
	/node_modules\/(drizzle-orm|pg|pg-[a-z]+|@electric-sql|pino|pino-http|nodemailer|sharp|express|sanitize-html|csv-parse|csv-stringify|tar|qrcode)\//,
]

/** Code only the back-office needs, whoever imports it. */
const ADMIN_ONLY = /^app\/components\/admin\//

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: string; imports?: string[]; css?: string[] }
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute>; url?: string; sri?: unknown }

/**
 * 'lazy': each page inlines the part of the manifest it needs instead of importing the whole. The
 * shop uses 'lazy' since decision 143 (before: 'initial', decisions 009 and 138); the report measures either.
 * (Widened: the config's own type is the one literal it holds.)
 */
const LAZY_DISCOVERY = (reactRouterConfig.routeDiscovery as Config['routeDiscovery'])?.mode === 'lazy'

function readManifest(): { manifest: Manifest; file: string } {
	const assets = path.join(CLIENT_DIR, 'assets')
	const name = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f))
	if (!name) throw new Error(`no React Router manifest in ${assets}: run npm run build`)
	const text = readFileSync(path.join(assets, name), 'utf8')
	const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)
	return { manifest: JSON.parse(json) as Manifest, file: `/assets/${name}` }
}

const sizeCache = new Map<string, { raw: number; gz: number; br: number; text: string }>()

/** The bytes of a precompressed copy beside `file`, else of the file itself (sent as it is). */
function servedBytes(file: string, extension: '.gz' | '.br', raw: number): number {
	return existsSync(file + extension) ? statSync(file + extension).size : raw
}

function sizeOf(url: string) {
	let size = sizeCache.get(url)
	if (!size) {
		const file = path.join(CLIENT_DIR, url)
		const buffer = readFileSync(file)
		const raw = buffer.length
		size = { raw, gz: servedBytes(file, '.gz', raw), br: servedBytes(file, '.br', raw), text: buffer.toString('utf8') }
		sizeCache.set(url, size)
	}
	return size
}

/** The static imports of a built chunk ('import … from "./x.js"' and 'import "./x.js"'), as /assets/ URLs. */
function staticImports(url: string): string[] {
	const found: string[] = []
	for (const match of sizeOf(url).text.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
		found.push(path.posix.join(path.posix.dirname(url), match[1] as string))
	}
	return found
}

/** Every JS file a page with this route chain loads before hydration: the manifest's lists, closed over static imports. */
function firstLoadFiles(manifest: Manifest, manifestFile: string, chain: string[]): string[] {
	const seen = new Set<string>()
	const queue = [...(LAZY_DISCOVERY ? [] : [manifestFile]), manifest.entry.module, ...manifest.entry.imports]
	for (const id of chain) {
		const route = manifest.routes[id]
		if (!route) throw new Error(`route ${id} is not in the manifest`)
		queue.push(route.module, ...(route.imports ?? []))
	}
	while (queue.length > 0) {
		const url = queue.pop() as string
		if (seen.has(url)) continue
		seen.add(url)
		if (url !== manifestFile) queue.push(...staticImports(url))
	}
	return [...seen]
}

function routeChain(manifest: Manifest, routeId: string): string[] {
	const chain: string[] = []
	for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id)
	return chain
}

type MatchableRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: MatchableRoute[] }

/** The manifest's routes as a tree `matchRoutes` takes. */
function routeTree(manifest: Manifest, parentId?: string): MatchableRoute[] {
	return Object.values(manifest.routes)
		.filter((route) => route.parentId === parentId)
		.map(({ id, path, index, caseSensitive }) => ({ id, path, index, caseSensitive, children: routeTree(manifest, id) }))
}

/**
 * In 'lazy' mode, the manifest React Router writes into a page's HTML (`getPartialManifest` in
 * react-router's Scripts): the routes matching the page's path and each of its parent paths, with
 * the entry, version and url; pretty-printed as React Router prints it. Its gzip and Brotli sizes
 * alone, at the levels the server compresses pages with (inside the page's HTML it compresses a
 * little better).
 */
function inlineManifestSizes(manifest: Manifest, pagePath: string): { gz: number; br: number } {
	const tree = routeTree(manifest)
	const segments = pagePath.split('/').filter(Boolean)
	segments.pop()
	const paths = [pagePath, '/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)]
	const ids = new Set(paths.flatMap((p) => (matchRoutes(tree as Parameters<typeof matchRoutes>[0], p) ?? []).map((match) => match.route.id as string)))
	const { sri, ...rest } = manifest
	const partial = { ...rest, routes: Object.fromEntries([...ids].map((id) => [id, manifest.routes[id]])), sri: sri ? true : undefined }
	const script = `window.__reactRouterManifest = ${JSON.stringify(partial, null, 2)};`
	return { gz: gzipSync(script).length, br: brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } }).length }
}

/** A module's group for the table: the npm package, or the app file. */
function groupOf(moduleId: string) {
	const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId)
	return match ? (match[1] as string) : moduleId.replace(/^\/?/, '')
}

function moduleShares(files: string[], chunks: ChunkModules | null): Map<string, number> {
	const shares = new Map<string, number>()
	for (const file of files) {
		const gz = sizeOf(file).gz
		const modules = chunks?.[file]?.modules
		const total = modules ? Object.values(modules).reduce((a, b) => a + b, 0) : 0
		if (!modules || total === 0) {
			shares.set(file, (shares.get(file) ?? 0) + gz)
			continue
		}
		for (const [id, length] of Object.entries(modules)) {
			const group = groupOf(id)
			shares.set(group, (shares.get(group) ?? 0) + (gz * length) / total)
		}
	}
	return shares
}

/**
 * Modules in a page's first-load files that only other routes need: route modules (app/routes)
 * other than the page's own, its layout's and the root's, and the back-office's components.
 */
function otherRoutesCode(files: string[], chain: string[], routeFiles: Map<string, string>, chunks: ChunkModules): string[] {
	const own = new Set(chain.map((id) => routeFiles.get(id)))
	const ids = files.flatMap((file) => Object.keys(chunks[file]?.modules ?? {}))
	return [...new Set(ids.filter((id) => (id.startsWith('app/routes/') && !own.has(id)) || ADMIN_ONLY.test(id)))]
}

type RouteConfigEntry = { id: string; file: string; children?: RouteConfigEntry[] }

/** Route id → its source file ('app/routes/storefront/category.tsx'), from React Router's own route config. */
function routeSourceFiles(): Map<string, string> {
	const config = JSON.parse(execFileSync('npx', ['react-router', 'routes', '--json'], { encoding: 'utf8' })) as RouteConfigEntry[]
	const files = new Map<string, string>()
	const visit = (entries: RouteConfigEntry[]) => {
		for (const entry of entries) {
			files.set(entry.id, `app/${entry.file}`)
			visit(entry.children ?? [])
		}
	}
	visit(config)
	return files
}

const kb = (bytes: number) => (bytes / KB).toFixed(1)

function table(header: string[], rows: string[][]) {
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
	const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')
	return `${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}\n${rows.map(format).join('\n')}\n`
}

function main() {
	ensureBuilt()
	const args = process.argv.slice(2)
	const moduleCount = Number(args[args.indexOf('--modules') + 1] ?? 12) || 12
	const listFiles = args.includes('--files')
	const { manifest, file: manifestFile } = readManifest()
	const chunks = existsSync(MODULE_SIZES_FILE) ? (JSON.parse(readFileSync(MODULE_SIZES_FILE, 'utf8')) as ChunkModules) : null

	const routeFiles = routeSourceFiles()
	const results = PAGES.map((page) => {
		const chain = routeChain(manifest, page.routeId)
		if (!chain.some((id) => LAYOUTS.includes(id))) throw new Error(`${page.routeId} is not under a storefront layout`)
		const files = firstLoadFiles(manifest, manifestFile, chain)
		if (listFiles) process.stderr.write(`\n${page.name}: arquivos (KB gzip)\n${files.map((f) => `  ${(sizeOf(f).gz / KB).toFixed(1).padStart(6)}  ${f}`).join('\n')}\n`)
		const inlineManifest = LAZY_DISCOVERY ? inlineManifestSizes(manifest, SAMPLE_PATHS[page.routeId] ?? '/') : { gz: 0, br: 0 }
		const inlineGz = inlineManifest.gz
		const inlineBr = inlineManifest.br
		const gz = files.reduce((sum, f) => sum + sizeOf(f).gz, inlineGz)
		const raw = files.reduce((sum, f) => sum + sizeOf(f).raw, 0)
		const br = files.reduce((sum, f) => sum + sizeOf(f).br, inlineBr)
		const css = [...new Set(chain.flatMap((id) => manifest.routes[id]?.css ?? []))]
		const cssGz = css.reduce((sum, f) => sum + sizeOf(f).gz, 0)
		const shares = [...moduleShares(files, chunks), ...(LAZY_DISCOVERY ? ([['manifesto parcial no HTML', inlineGz]] as const) : [])].sort(
			(a, b) => b[1] - a[1],
		)
		const meets = gz <= page.budgetKb * KB && (page.maxFiles === undefined || files.length <= page.maxFiles)
		const otherRoutes = chunks ? otherRoutesCode(files, chain, routeFiles, chunks) : []
		return { ...page, files: files.length, gz, br, raw, cssGz, meets, otherRoutes, biggest: shares.slice(0, moduleCount) }
	})

	// Per browser chunk holding server-only modules: how many, a few of them, and the routes whose first load includes it.
	const leaks = chunks
		? Object.entries(chunks).flatMap(([file, { modules }]) => {
				const serverOnly = Object.keys(modules).filter((id) => SERVER_ONLY.some((pattern) => pattern.test(id)))
				if (serverOnly.length === 0) return []
				const routes = Object.keys(manifest.routes).filter((id) =>
					firstLoadFiles(manifest, manifestFile, routeChain(manifest, id)).includes(file),
				)
				const examples = [...new Set(serverOnly.map(groupOf))].slice(0, 4).join(', ')
				return [`${file}: ${serverOnly.length} módulos (${examples}); rotas: ${routes.join(', ') || 'só por import dinâmico'}`]
			})
		: []

	if (args.includes('--json')) {
		process.stdout.write(`${JSON.stringify({ date: new Date().toISOString(), pages: results, serverOnlyInBrowser: leaks }, null, '\t')}\n`)
	} else {
		const rows = results.map((r) => [
			r.name,
			r.routeId,
			String(r.files),
			kb(r.raw),
			kb(r.gz),
			kb(r.br),
			String(r.budgetKb),
			r.maxFiles === undefined ? '—' : String(r.maxFiles),
			r.meets ? 'sim' : 'não',
			kb(r.cssGz),
		])
		process.stdout.write(
			`\nJavaScript da primeira carga (gzip), build de produção\n\n${table(
				['Página', 'rota', 'arquivos', 'KB bruto', 'KB gzip', 'KB Brotli', 'meta KB (gzip)', 'meta arquivos', 'cumpre', 'CSS em <link> KB gzip'],
				rows,
			)}`,
		)
		for (const r of results) {
			process.stdout.write(`\n${r.name}: maiores módulos (KB gzip, estimado)\n`)
			process.stdout.write(r.biggest.map(([id, bytes]) => `  ${kb(bytes).padStart(6)}  ${id}`).join('\n'))
			process.stdout.write('\n')
		}
		const foreign = results.filter((r) => r.otherRoutes.length > 0)
		process.stdout.write(
			foreign.length === 0
				? '\nNenhuma página carrega código de outra rota na primeira carga.\n'
				: `\nCódigo de outras rotas na primeira carga:\n${foreign.map((r) => `  ${r.name}: ${r.otherRoutes.join(', ')}`).join('\n')}\n`,
		)
		if (!chunks) process.stdout.write(`\n(${MODULE_SIZES_FILE} ausente: rode npm run build para ver os módulos)\n`)
		process.stdout.write(
			leaks.length === 0
				? '\nNenhum módulo só do servidor nos arquivos do navegador.\n'
				: `\nMódulos só do servidor nos arquivos do navegador:\n${leaks.map((l) => `  ${l}`).join('\n')}\n`,
		)
	}
	if (args.includes('--ratchet')) {
		// CI: no page heavier than its ceiling, no server code or another route's code shipped.
		const over = results.filter((r) => r.gz > r.ceiling.kb * KB || r.files > r.ceiling.files)
		for (const r of over)
			process.stdout.write(
				`\n${r.name} passou do teto: ${kb(r.gz)} KB em ${r.files} arquivos (teto ${r.ceiling.kb} KB, ${r.ceiling.files} arquivos). Tire peso da primeira carga ou, se o peso se justifica, suba o teto em scripts/js-report.ts dizendo por quê.\n`,
			)
		if (over.length > 0 || leaks.length > 0 || results.some((r) => r.otherRoutes.length > 0)) process.exitCode = 1
		return
	}
	if (leaks.length > 0 || results.some((r) => !r.meets || r.otherRoutes.length > 0)) process.exitCode = 1
}

main()
