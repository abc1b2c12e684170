import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import ts from 'typescript'
import routeConfig from '~/routes'

/**
 * The routes of app/routes.ts whose action reads a file, found in the code itself, for the tests
 * that must cover every upload (the body-limit matrix, server/body-limit.test.ts): an upload route
 * added tomorrow shows up without anyone listing it. No build, no database: the route table is
 * app/routes.ts, and each action's calls are followed through the app's own modules (TypeScript's
 * parser; the functions it calls by name, declared in the module or imported) until one reads a file:
 *  - `readMultipartForm` (app/server/storage/multipart.server.ts: every multipart upload),
 *  - `request.body` read directly (a raw upload: the home videos),
 *  - a form value checked with `instanceof File` or `instanceof Blob` (a file read from a plain form).
 * Not followed: methods (`storage.put`) and dynamic `import()`; an action that reached its reader
 * only through those would be missed, so upload code keeps to named functions.
 */

export type RouteEntry = {
	/** Module, relative to app/ ('routes/account/photos.tsx'). */
	file: string
	/** Full path pattern, parents joined ('/admin/produtos/:productId/imagens'); '/' for the home page. */
	path: string
	index: boolean
}

/** `reads`: what the action reaches that reads a file ('readMultipartForm', 'request.body', 'instanceof File'). */
export type UploadRoute = RouteEntry & { reads: string }

const APP = path.resolve('app')

export function routeEntries(entries: readonly RouteConfigEntry[] = routeConfig, parent = ''): RouteEntry[] {
	return entries.flatMap((entry) => {
		const own = entry.path ? `${parent.replace(/\/$/, '')}/${entry.path}` : parent
		return [{ file: entry.file, path: own || '/', index: !!entry.index }, ...routeEntries(entry.children ?? [], own)]
	})
}

export function uploadRoutes(): UploadRoute[] {
	return routeEntries().flatMap((entry) => {
		const reads = new CallWalker().readsFile(path.join(APP, entry.file), 'action')
		return reads ? [{ ...entry, reads }] : []
	})
}

/**
 * Values for the `:params` of the upload routes: well-formed (a UUID where the action checks one,
 * a slot that exists), so that an action reads the body instead of refusing the address.
 */
export const EXAMPLE_PARAMS: Record<string, string> = {
	productId: '6f1c2a9e-3b7d-4c5a-9e8f-0a1b2c3d4e5f',
	collectionId: '0d9e8f7a-6b5c-4d3e-8f2a-1b0c9d8e7f6a',
	slot: 'personalization',
}

/** An address of the route: each `:param` filled as the app fills it. */
export function concretePath(pattern: string): string {
	return pattern.replace(/:(\w+)/g, (_, name: string) => EXAMPLE_PARAMS[name] ?? `exemplo-${name.toLowerCase()}`)
}

/**
 * Every form of a route's URL the app sends (React Router 7.18 single fetch, singleFetchUrl):
 * a link or a form without JavaScript (bare), a trailing slash, a hydrated <Form>/fetcher
 * (`.data`, `/_root.data` for '/'), an index route's `?index`, a revalidation's `?_routes=`.
 */
export function urlForms(path: string, index: boolean): string[] {
	const data = path === '/' ? '/_root.data' : `${path}.data`
	return [path, ...(path === '/' ? [] : [`${path}/`]), data, `${data}?_routes=root,routes%2Faccount%2Fphotos`, ...(index ? [`${path}?index`, `${data}?index`] : [])]
}

type Binding = { kind: 'local'; node: ts.Node } | { kind: 'import'; from: string; name: string }
type ModuleNames = { bindings: Map<string, Binding>; exports: Map<string, string>; starExports: string[] }

/** Parsed once per test file, shared by every route's walk. */
const parsed = new Map<string, ModuleNames | null>()

function moduleNames(file: string): ModuleNames | null {
	if (!parsed.has(file)) parsed.set(file, mayReachReader(file) ? parseModule(file) : null)
	return parsed.get(file) ?? null
}

const READER_TEXT = /readMultipartForm|request\.body|instanceof (File|Blob)\b/
const IMPORTED_FROM = /\bfrom\s+['"]([^'"]+)['"]/g
let reachesReader: Set<string> | null = null

/**
 * Whether a module or one it imports, directly or not, mentions a reader at all: a plain text scan
 * of the app's import graph, so that the (slow) parse is spent only on the few modules a walk could need.
 */
function mayReachReader(file: string): boolean {
	if (!reachesReader) {
		const imports = new Map<string, string[]>()
		const reaching = new Set<string>()
		const pending = routeEntries().map((entry) => path.join(APP, entry.file))
		for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
			if (imports.has(next) || !existsSync(next)) continue
			const text = readFileSync(next, 'utf8')
			const targets = [...text.matchAll(IMPORTED_FROM)].flatMap(([, specifier]) => resolveModule(next, specifier ?? '') ?? [])
			imports.set(next, targets)
			if (READER_TEXT.test(text)) reaching.add(next)
			pending.push(...targets)
		}
		// Until nothing changes: a module reaches a reader when one of its imports does (cycles included).
		for (let grew = true; grew; ) {
			grew = false
			for (const [module, targets] of imports)
				if (!reaching.has(module) && targets.some((target) => reaching.has(target))) {
					reaching.add(module)
					grew = true
				}
		}
		reachesReader = reaching
	}
	return reachesReader.has(file)
}

/** Follows calls from a module's export through the declarations and imports they name. */
class CallWalker {
	private readonly seen = new Set<string>()

	readsFile(file: string, exportName: string): string | null {
		const key = `${file}#${exportName}`
		if (this.seen.has(key)) return null
		this.seen.add(key)
		const module = moduleNames(file)
		if (!module) return null
		const local = module.exports.get(exportName)
		if (local !== undefined) return this.readsThroughBinding(file, local)
		for (const star of module.starExports) {
			const target = resolveModule(file, star)
			const reads = target ? this.readsFile(target, exportName) : null
			if (reads) return reads
		}
		return null
	}

	private readsThroughBinding(file: string, name: string): string | null {
		const binding = moduleNames(file)?.bindings.get(name)
		if (!binding) return null
		if (binding.kind === 'import') {
			if (binding.name === 'readMultipartForm') return 'readMultipartForm'
			const target = resolveModule(file, binding.from)
			return target ? this.readsFile(target, binding.name) : null
		}
		const key = `${file}@${name}`
		if (this.seen.has(key)) return null
		this.seen.add(key)
		return this.readsInNode(file, binding.node)
	}

	private readsInNode(file: string, root: ts.Node): string | null {
		let reads: string | null = null
		const visit = (node: ts.Node): void => {
			if (reads) return
			if (ts.isIdentifier(node) && node.text === 'readMultipartForm') reads = 'readMultipartForm'
			else if (ts.isPropertyAccessExpression(node) && node.name.text === 'body' && ts.isIdentifier(node.expression) && node.expression.text === 'request')
				reads = 'request.body'
			else if (
				ts.isBinaryExpression(node) &&
				node.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
				ts.isIdentifier(node.right) &&
				(node.right.text === 'File' || node.right.text === 'Blob')
			)
				reads = `instanceof ${node.right.text}`
			else if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression))
				reads = this.readsThroughBinding(file, node.expression.text)
			if (!reads) ts.forEachChild(node, visit)
		}
		visit(root)
		return reads
	}
}

/** A module's top-level names: what each is (declared here or imported), which are exported. */
function parseModule(file: string): ModuleNames | null {
	if (!existsSync(file)) return null
	const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
	const bindings = new Map<string, Binding>()
	const exports = new Map<string, string>()
	const starExports: string[] = []
	for (const statement of source.statements) {
		const exported = ts.canHaveModifiers(statement) && !!ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
		if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
			const from = statement.moduleSpecifier.text
			const named = statement.importClause?.namedBindings
			if (named && ts.isNamedImports(named))
				for (const element of named.elements) bindings.set(element.name.text, { kind: 'import', from, name: (element.propertyName ?? element.name).text })
		} else if (ts.isExportDeclaration(statement)) {
			const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : null
			if (!statement.exportClause && from) starExports.push(from)
			else if (statement.exportClause && ts.isNamedExports(statement.exportClause))
				for (const element of statement.exportClause.elements) {
					const local = (element.propertyName ?? element.name).text
					if (!from) exports.set(element.name.text, local)
					else {
						bindings.set(`re-export:${element.name.text}`, { kind: 'import', from, name: local })
						exports.set(element.name.text, `re-export:${element.name.text}`)
					}
				}
		} else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
			bindings.set(statement.name.text, { kind: 'local', node: statement })
			if (exported) exports.set(statement.name.text, statement.name.text)
		} else if (ts.isVariableStatement(statement)) {
			for (const declaration of statement.declarationList.declarations)
				if (ts.isIdentifier(declaration.name)) {
					bindings.set(declaration.name.text, { kind: 'local', node: declaration })
					if (exported) exports.set(declaration.name.text, declaration.name.text)
				}
		}
	}
	return { bindings, exports, starExports }
}

/** The app's own modules only ('~/…' and relative); packages are not followed. */
function resolveModule(fromFile: string, specifier: string): string | null {
	const base = specifier.startsWith('~/') ? path.join(APP, specifier.slice(2)) : specifier.startsWith('.') ? path.resolve(path.dirname(fromFile), specifier) : null
	if (!base) return null
	for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')])
		if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate
	return null
}
