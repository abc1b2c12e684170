import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { ErrorBoundary as WholesaleErrorBoundary, meta as wholesaleMeta, WHOLESALE_LOAD_ERROR } from '../storefront/wholesale'
import { ErrorBoundary as UsersErrorBoundary, meta as usersMeta, USERS_LOAD_ERROR } from './users'

/** Document 001 §8–§9's load errors where those loads fail (issue 30): the users list and the wholesale page. */

const rootMatch = { id: 'root', loaderData: { settings: { storeName: 'Loja Teste' } } }

/** The page as rendered when its loader failed (the route's error boundary). */
function renderFailed(ErrorBoundary: () => React.ReactNode): string {
	const router = createMemoryRouter([{ id: 'page', path: '/', Component: () => null, ErrorBoundary }], {
		initialEntries: ['/'],
		hydrationData: { errors: { page: new Error('banco fora do ar') } },
	})
	return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '')
}

describe('load errors', () => {
	test("/admin/users: 'Erro ao carregar usuários' with a way to try again, in the page's title too", () => {
		expect(USERS_LOAD_ERROR).toBe('Erro ao carregar usuários')
		const html = renderFailed(UsersErrorBoundary)
		expect(html).toContain('Erro ao carregar usuários')
		expect(html).toContain('Tentar Novamente')
		expect(html).toContain('role="alert"')
		expect(usersMeta({ loaderData: undefined, matches: [rootMatch], error: new Error('x') } as never)).toEqual([
			{ title: 'Erro ao carregar usuários | Loja Teste' },
		])
	})

	test("/atacado: 'Erro ao carregar produtos de atacado', not indexed", () => {
		expect(WHOLESALE_LOAD_ERROR).toBe('Erro ao carregar produtos de atacado')
		const html = renderFailed(WholesaleErrorBoundary)
		expect(html).toContain('<h1 class="text-xl font-semibold">Erro ao carregar produtos de atacado</h1>')
		expect(html).toContain('Tentar Novamente')
		const tags = wholesaleMeta({ loaderData: undefined, matches: [rootMatch], error: new Error('x') } as never)
		expect(tags).toContainEqual({ title: 'Erro ao carregar produtos de atacado | Loja Teste' })
		expect(tags).toContainEqual({ name: 'robots', content: 'noindex' })
	})
})
