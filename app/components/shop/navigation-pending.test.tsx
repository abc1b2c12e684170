import { renderToString } from 'react-dom/server'
import type { RouteObject } from 'react-router'
import { describe, expect, test } from 'vitest'
import routeConfig from '~/routes'
import { pendingRouteId } from './navigation-pending'
import { STOREFRONT_PENDING_SKELETONS, CategoryPageSkeleton, ProductPageSkeleton } from './page-skeletons'

type ConfigEntry = { id?: string; file: string; path?: string; index?: boolean; children?: ConfigEntry[] }

/** The app's real route table as the client router holds it (ids as React Router derives them). */
function toRouteObjects(entries: readonly ConfigEntry[]): RouteObject[] {
	return entries.map((entry) => {
		const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '')
		if (entry.index) return { id, index: true }
		return { id, path: entry.path, children: entry.children ? toRouteObjects(entry.children) : undefined }
	})
}

const routes: RouteObject[] = [{ id: 'root', path: '', children: toRouteObjects(routeConfig as ConfigEntry[]) }]

const loading = (pathname: string, formMethod?: string) => ({ state: 'loading' as const, location: { pathname }, formMethod })

function skeletonFor(pathname: string, from = '/') {
	const id = pendingRouteId(routes, loading(pathname), from)
	return id ? (STOREFRONT_PENDING_SKELETONS[id] ?? null) : null
}

describe('pendingRouteId (which page a navigation is loading)', () => {
	test('every category URL, long or short, whatever its handle, gets the category skeleton', () => {
		for (const path of ['/categoria/bandana', '/bandanas', '/colares', '/higiene', '/cachecol', '/categoria/higiene']) {
			expect(skeletonFor(path), path).toBe(CategoryPageSkeleton)
		}
		// From one category to another as well.
		expect(skeletonFor('/cachecol', '/bandanas')).toBe(CategoryPageSkeleton)
	})

	test('a product URL gets the product skeleton', () => {
		expect(skeletonFor('/produto/bandana-xadrez')).toBe(ProductPageSkeleton)
		expect(skeletonFor('/produto/outra', '/produto/uma')).toBe(ProductPageSkeleton)
	})

	test('other pages keep the page being left (the top bar alone shows the loading)', () => {
		for (const path of ['/', '/em-breve', '/assinaturas', '/checkout', '/user/dashboard', '/admin', '/auth', '/a/b/c']) {
			expect(skeletonFor(path), path).toBeNull()
		}
	})

	test('idle, submitting, the same page or an action redirect: nothing pending', () => {
		expect(pendingRouteId(routes, { state: 'idle', location: null }, '/')).toBeNull()
		expect(pendingRouteId(routes, { state: 'submitting', location: { pathname: '/bandanas' } }, '/')).toBeNull()
		expect(pendingRouteId(routes, loading('/bandanas'), '/bandanas')).toBeNull()
		expect(pendingRouteId(routes, loading('/produto/x', 'POST'), '/')).toBeNull()
	})
})

describe('page skeletons', () => {
	test('the category skeleton has 8 placeholder cards and says it is loading', () => {
		const html = renderToString(<CategoryPageSkeleton />)
		expect(html.match(/data-testid="product-card-skeleton"/g)).toHaveLength(8)
		expect(html).toContain('aria-busy="true"')
		expect(html).toContain('Carregando produtos...')
	})

	test('the product skeleton has a gallery, a title and a price placeholder', () => {
		const html = renderToString(<ProductPageSkeleton />)
		expect(html).toContain('aspect-square')
		expect(html).toContain('Carregando produto…')
		expect(html).toContain('aria-busy="true"')
	})
})
