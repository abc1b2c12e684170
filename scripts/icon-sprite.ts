/**
 * The shop's icon sprite (issue 34, decision 147). app/ imports lucide's icons from
 * `~/components/icons/lucide`; this script finds which, reads each one's shapes from lucide-react's
 * own files (the version package.json pins) and writes:
 *   - app/components/icons/lucide-sprite.svg: one `<symbol>` per icon, its shapes only;
 *   - app/components/icons/lucide/: one module per icon (its components, from sprite-icon.tsx) and
 *     an index re-exporting them; Rollup places each icon's module with the pages that draw it.
 *
 * `npx tsx scripts/icon-sprite.ts` rewrites both; app/components/icons/sprite-icon.test.ts fails
 * when an icon in app/ is missing or either file differs from what this script writes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

/** The module app/ imports its icons from: a barrel of one module per icon, so each page's files hold only its own icons. */
export const ICONS_DIR = 'app/components/icons/lucide'
export const SPRITE_FILE = 'app/components/icons/lucide-sprite.svg'
const IMPORT_FROM = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'~\/components\/icons\/lucide'/g
const TYPES = new Set(['LucideIcon', 'IconProps'])

const require = createRequire(import.meta.url)
const lucideDir = path.dirname(require.resolve('lucide-react/package.json'))

function sourceFiles(dir: string, found: string[] = []): string[] {
	for (const name of readdirSync(dir)) {
		const file = path.join(dir, name)
		if (statSync(file).isDirectory()) sourceFiles(file, found)
		else if (/\.tsx?$/.test(name) && !file.startsWith(path.normalize(ICONS_DIR))) found.push(file)
	}
	return found
}

/** Every icon name app/ imports from the icons module, sorted. */
export function importedIcons(root = 'app'): string[] {
	const names = new Set<string>()
	for (const file of sourceFiles(root)) {
		for (const match of readFileSync(file, 'utf8').matchAll(IMPORT_FROM)) {
			for (const part of (match[1] as string).split(',')) {
				const name = part.replace(/^\s*type\s+/, '').split(/\s+as\s+/)[0]!.trim()
				if (name && !TYPES.has(name)) names.add(name)
			}
		}
	}
	return [...names].sort()
}

/** lucide-react's export name → its icon file's name ('ShoppingBagIcon' → 'shopping-bag'), from its own index. */
function lucideFiles(): Map<string, string> {
	const index = readFileSync(path.join(lucideDir, 'dist/esm/lucide-react.js'), 'utf8')
	const files = new Map<string, string>()
	for (const match of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.js'/g)) {
		for (const part of (match[1] as string).split(',')) {
			const exported = part.split(/\s+as\s+/)[1]?.trim()
			if (exported) files.set(exported, match[2] as string)
		}
	}
	return files
}

type IconNode = [string, Record<string, string>][]

function iconNode(file: string): IconNode {
	const source = readFileSync(path.join(lucideDir, 'dist/esm/icons', `${file}.js`), 'utf8')
	const literal = /const __iconNode = (\[[\s\S]*?\]);\n/.exec(source)?.[1]
	if (!literal) throw new Error(`lucide-react: sem __iconNode em icons/${file}.js`)
	// The file's array literal is plain JSON apart from its unquoted keys.
	return JSON.parse(literal.replace(/(\{|,)\s*([a-zA-Z][a-zA-Z0-9]*):/g, '$1"$2":')) as IconNode
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

const GENERATED = '// Written by scripts/icon-sprite.ts from the icons app/ imports (decision 147): do not edit.'

/** The sprite, and the icons' modules by file name, for these icon names, as the files should read. */
export function iconFiles(names: readonly string[]): { sprite: string; modules: Map<string, string> } {
	const files = lucideFiles()
	const symbols: string[] = []
	const namesByFile = new Map<string, string[]>()
	for (const name of names) {
		const file = files.get(name)
		if (!file) throw new Error(`${name}: não é um ícone do lucide-react`)
		namesByFile.set(file, [...(namesByFile.get(file) ?? []), name])
	}
	const modules = new Map<string, string>()
	const index: string[] = []
	for (const [file, exported] of [...namesByFile].sort(([a], [b]) => a.localeCompare(b))) {
		const [first, ...aliases] = exported as [string, ...string[]]
		modules.set(
			`${file}.ts`,
			[
				GENERATED,
				"import { spriteIcon } from '../sprite-icon'",
				'',
				`export const ${first} = /* @__PURE__ */ spriteIcon('${file}')`,
				...aliases.map((alias) => `export const ${alias} = ${first}`),
				'',
			].join('\n'),
		)
		index.push(`export { ${exported.join(', ')} } from './${file}'`)
		const shapes = iconNode(file).map(([tag, attributes]) => {
			const written = Object.entries(attributes)
				.filter(([key]) => key !== 'key')
				.map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeAttribute(String(value))}"`)
			return `<${tag} ${written.join(' ')}/>`
		})
		symbols.push(`<symbol id="${file}" viewBox="0 0 24 24">${shapes.join('')}</symbol>`)
	}
	const sprite = `<svg xmlns="http://www.w3.org/2000/svg">\n<!-- lucide-react (ISC), written by scripts/icon-sprite.ts -->\n${symbols.join('\n')}\n</svg>\n`
	modules.set('index.ts', [GENERATED, "export type { IconProps, LucideIcon } from '../sprite-icon'", ...index, ''].join('\n'))
	return { sprite, modules }
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const names = importedIcons()
	const { sprite, modules } = iconFiles(names)
	writeFileSync(SPRITE_FILE, sprite)
	rmSync(ICONS_DIR, { recursive: true, force: true })
	mkdirSync(ICONS_DIR)
	for (const [file, text] of modules) writeFileSync(path.join(ICONS_DIR, file), text)
	console.log(`${names.length} ícones: ${SPRITE_FILE} (${sprite.length} bytes), ${ICONS_DIR}/ (${modules.size} módulos)`)
}
