import type { RouteConfigEntry } from '@react-router/dev/routes'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { clearCommerceTables, createCollection, createProduct } from '~/commerce/builtin/test-factories.server'
import routes from '~/routes'
import { publicUrl, resetEnvForTests } from '~/server/env.server'
import { SITEMAP_PAGE_SIZE, STATIC_SITEMAP_PATHS, renderSitemap } from '~/server/sitemap.server'
import { loader } from './sitemap'

withTestDatabase()

const PUBLIC_URL = 'https://www.lojapet.test'
const savedPublicUrl = process.env.PUBLIC_URL

function request(origin = 'http://interno:3000') {
	return new Request(`${origin}/sitemap.xml`)
}

/** The request's origin is passed to show it plays no part: the sitemap takes PUBLIC_URL. */
async function sitemap(origin?: string) {
	void request(origin)
	const response = await loader()
	return { response, body: await response.text() }
}

function locs(xml: string): string[] {
	return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '')
}

/** Every concrete (parameter-free) path the route table serves. */
function routePaths(entries: RouteConfigEntry[], prefix = ''): string[] {
	return entries.flatMap((entry) => {
		const own = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, '/') : prefix
		const here = entry.index || (entry.path && !entry.children) ? [own || '/'] : []
		return [...here, ...routePaths(entry.children ?? [], own)]
	})
}

let draftHandle = ''
let floralUpdatedAt = new Date()

beforeAll(async () => {
	await clearCommerceTables()
	const floral = await createProduct({ title: 'Bandana Floral', handle: 'bandana-floral' })
	floralUpdatedAt = floral.product.updatedAt
	const draft = await createProduct({ title: 'Bandana Rascunho', status: 'draft' })
	draftHandle = draft.product.handle
	await createCollection({ handle: 'bandana', title: 'Bandanas & Lenços', productIds: [floral.product.id] })
	await createCollection({ handle: 'higiene', title: 'Higiene' })
	// More than one provider page, so the loader must follow the cursor.
	for (let i = 0; i < SITEMAP_PAGE_SIZE + 10; i += 1) await createProduct({ title: `Laço ${i}` })
}, 120_000)

afterEach(() => {
	if (savedPublicUrl === undefined) delete process.env.PUBLIC_URL
	else process.env.PUBLIC_URL = savedPublicUrl
	resetEnvForTests()
})

describe('sitemap.xml loader', () => {
	test('answers cacheable XML', async () => {
		const { response, body } = await sitemap()
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
		expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600, stale-while-revalidate=86400')
		expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
		expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
	})

	test('lists the home, collections in canonical form and every product on sale, across pages', async () => {
		process.env.PUBLIC_URL = `${PUBLIC_URL}/`
		resetEnvForTests()
		const urls = locs((await sitemap()).body)
		for (const path of STATIC_SITEMAP_PATHS) expect(urls).toContain(`${PUBLIC_URL}${path}`)
		expect(urls).toContain(`${PUBLIC_URL}/assinaturas`)
		expect(urls).toContain(`${PUBLIC_URL}/categoria/bandana`)
		expect(urls).toContain(`${PUBLIC_URL}/categoria/higiene`)
		expect(urls).not.toContain(`${PUBLIC_URL}/bandana`)
		// Wholesale has its own page; its /categoria address only redirects there.
		expect(urls).toContain(`${PUBLIC_URL}/atacado`)
		expect(urls).not.toContain(`${PUBLIC_URL}/categoria/atacado`)
		expect(urls).toContain(`${PUBLIC_URL}/produto/bandana-floral`)
		const products = urls.filter((url) => url.startsWith(`${PUBLIC_URL}/produto/`))
		expect(products).toHaveLength(SITEMAP_PAGE_SIZE + 11)
		expect(new Set(urls).size).toBe(urls.length)
		expect(urls.every((url) => url.startsWith(`${PUBLIC_URL}/`))).toBe(true)
	})

	test('leaves drafts out', async () => {
		const { body } = await sitemap()
		expect(draftHandle).not.toBe('')
		expect(body).not.toContain(`/produto/${draftHandle}<`)
	})

	test("gives products a <lastmod> with their last change's date", async () => {
		const { body } = await sitemap()
		const day = floralUpdatedAt.toISOString().slice(0, 10)
		expect(body).toContain(`<url><loc>${publicUrl()}/produto/bandana-floral</loc><lastmod>${day}</lastmod></url>`)
	})

	test('without PUBLIC_URL: http://localhost:PORT, never the request origin', async () => {
		delete process.env.PUBLIC_URL
		resetEnvForTests()
		const urls = locs((await sitemap('http://evil.example')).body)
		expect(urls).toContain('http://localhost:3000/categoria/higiene')
		expect(urls.filter((url) => url.includes('evil.example'))).toEqual([])
	})

	test('every static page listed is a route', () => {
		const served = new Set(routePaths(routes))
		// Sanity: the walk sees nested and top-level routes, so a missing page really is missing.
		expect(served).toContain('/auth/confirmar')
		expect(served).toContain('/user/dashboard')
		expect(served).not.toContain('/assinaturas-que-nao-existem')
		for (const path of STATIC_SITEMAP_PATHS) expect(served, path).toContain(path)
	})
})

describe('renderSitemap', () => {
	test('escapes XML special characters in every value', () => {
		const xml = renderSitemap([
			{ path: "/produto/laco&fita<'\">", lastmod: '2026-01-02' },
		])
		expect(xml).toContain(`<loc>${publicUrl()}/produto/laco&amp;fita&lt;&apos;&quot;&gt;</loc><lastmod>2026-01-02</lastmod>`)
		expect(xml).not.toContain('laco&fita')
	})
})
