import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { deploySiteFile } from '#tests/support/nginx'
import { BODY_LIMIT_RULES, DEFAULT_BODY_LIMIT } from './body-limit'

/**
 * nginx's own body limit in front of the app (deploy/nginx/, docs/deploy.md): nginx answers 413
 * itself, in English and before the app sees a byte, to a body over `client_max_body_size` (1 MB
 * when unset). So it must be at least the largest limit of the app's body-limit rules, or the
 * owner's largest upload would be refused by the proxy while the app would take it. No nginx
 * needed: the configuration files are read as text (the two-server test runs them).
 */

const SNIPPET = path.resolve('deploy/nginx/loja-proxy.conf')
const NGINX_DEFAULT = 1024 * 1024
const largestAppLimit = Math.max(DEFAULT_BODY_LIMIT, ...BODY_LIMIT_RULES.map((rule) => rule.bytes))

/** nginx's size syntax: bytes, or k/m/g (binary multiples); 0 switches the check off. */
function nginxSize(value: string): number {
	const match = /^(\d+)([kmg]?)$/i.exec(value)
	if (!match) throw new Error(`tamanho do nginx ilegível: ${value}`)
	const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g']
	return Number(match[1]) * unit
}

const withoutComments = (config: string) => config.replace(/#[^\n]*/g, '')

/** Every `client_max_body_size` of a configuration, in bytes (Infinity for 0, no limit). */
function bodySizes(config: string): number[] {
	return [...withoutComments(config).matchAll(/\bclient_max_body_size\s+(\S+?)\s*;/g)].map(([, value]) => {
		const bytes = nginxSize(value!)
		return bytes === 0 ? Infinity : bytes
	})
}

/** The `server { }` blocks of a site file (braces counted: locations nest inside). */
function serverBlocks(config: string): string[] {
	const text = withoutComments(config)
	const blocks: string[] = []
	for (const match of text.matchAll(/\bserver\s*\{/g)) {
		let depth = 0
		for (let i = match.index + match[0].length - 1; i < text.length; i += 1) {
			if (text[i] === '{') depth += 1
			else if (text[i] === '}' && --depth === 0) {
				blocks.push(text.slice(match.index, i + 1))
				break
			}
		}
	}
	return blocks
}

describe("nginx's body limit lets through every upload the app accepts", () => {
	test('the largest app limit is the one to match (a 50 MB video and its form)', () => {
		expect(largestAppLimit).toBeGreaterThanOrEqual(50 * 1024 * 1024)
	})

	test(`deploy/nginx/loja-proxy.conf sets client_max_body_size, every one at least the app's largest limit`, () => {
		const sizes = bodySizes(readFileSync(SNIPPET, 'utf8'))
		expect(sizes.length, 'sem client_max_body_size, o nginx recusa acima de 1 MB').toBeGreaterThan(0)
		for (const size of sizes) expect(size).toBeGreaterThanOrEqual(largestAppLimit)
	})

	test("docs/deploy.md's site file: the server that reaches the app includes that snippet, and any size of its own is enough", () => {
		const site = deploySiteFile()
		for (const size of bodySizes(site)) expect(size).toBeGreaterThanOrEqual(largestAppLimit)
		const proxying = serverBlocks(site).filter((block) => /\binclude\s+snippets\/loja-proxy\.conf\s*;/.test(block) || /\bproxy_pass\b/.test(block))
		expect(proxying.length).toBeGreaterThan(0)
		for (const block of proxying) {
			const included = /\binclude\s+snippets\/loja-proxy\.conf\s*;/.test(block) ? bodySizes(readFileSync(SNIPPET, 'utf8')) : []
			const effective = [...bodySizes(block), ...included]
			// Neither its own nor the snippet's: nginx's default, 1 MB.
			expect(Math.min(...(effective.length ? effective : [NGINX_DEFAULT])), block.slice(0, 200)).toBeGreaterThanOrEqual(largestAppLimit)
		}
	})
})
