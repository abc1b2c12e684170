/**
 * A Vite plugin (issue 34, decision 135): `import { Slot } from 'radix-ui'` and `import { XIcon } from
 * '~/components/icons/lucide'` (the sprite's icons, decision 147) become imports of the one module that
 * holds the named export, so the bundle never goes through the indexes.
 *
 * Why: radix-ui's index is `import * as Dialog from '@radix-ui/react-dialog'; … export { Dialog, … }`.
 * When a module that imports it sits in a manualChunks group (vite.config.ts), Rollup puts the
 * index's dependencies — every Radix primitive some page uses — in that group too: the storefront's
 * shared file took the dialog, tabs and switch code that only drawers and the back-office load.
 * With direct imports, a module's static imports are exactly the code it uses.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

type Rewrite = (local: string) => string

/** Exported name → the import statement that replaces `import { name as local }`. */
function radixExports(): Map<string, Rewrite> {
	const require = createRequire(import.meta.url)
	const index = require.resolve('radix-ui').replace(/\.js$/, '.mjs')
	const code = readFileSync(index, 'utf8')
	const names = new Map<string, Rewrite>()
	for (const [, name, specifier] of code.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*['"]([^'"]+)['"]/g)) {
		names.set(name as string, (local) => `import * as ${local} from ${JSON.stringify(specifier)};`)
	}
	return names
}

/** The icons' index (written by scripts/icon-sprite.ts): `export { XIcon, X } from './x'`. */
function iconExports(): Map<string, Rewrite> {
	const index = path.resolve('app/components/icons/lucide/index.ts')
	const code = readFileSync(index, 'utf8')
	const names = new Map<string, Rewrite>()
	for (const [, list, file] of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"](\.\/[^'"]+)['"]/g)) {
		const target = `${path.join(path.dirname(index), file as string)}.ts`
		for (const name of (list as string).split(',').map((part) => part.trim())) {
			if (name) names.set(name, (local) => `import { ${name} as ${local} } from ${JSON.stringify(target)};`)
		}
	}
	return names
}

export function directImports(): Plugin {
	let packages: Record<string, Map<string, Rewrite>> | undefined
	return {
		name: 'direct-imports',
		transform(code, id) {
			// The browser build only: the server's bundle keeps the packages' own entry points.
			if (this.environment?.name !== 'client') return null
			if (id.includes('/node_modules/') || !/\.[cm]?[jt]sx?$/.test(id.replace(/\?.*$/, ''))) return null
			if (!/from\s*['"](radix-ui|~\/components\/icons\/lucide)['"]/.test(code)) return null
			packages ??= { 'radix-ui': radixExports(), '~/components/icons/lucide': iconExports() }
			const known = packages
			const rewritten = code.replace(/import\s*\{([^}]*)\}\s*from\s*['"](radix-ui|~\/components\/icons\/lucide)['"];?/g, (_whole, list: string, pkg: string) => {
				const statements: string[] = []
				for (const part of list.split(',')) {
					const trimmed = part.trim()
					if (!trimmed) continue
					const [imported, local = imported] = trimmed.split(/\s+as\s+/).map((s) => s.trim()) as [string, string?]
					const rewrite = known[pkg]?.get(imported)
					if (!rewrite) this.error(`direct-imports: ${imported} is not a module of ${pkg}'s index (in ${id})`)
					statements.push(rewrite(local as string))
				}
				return statements.join(' ')
			})
			return { code: rewritten, map: null }
		},
	}
}
