import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { setVisitor, type Visitor } from '~/components/shop/visitor'
import { RestockAlert, type SoldOutVariant } from './restock-alert'

/** 'Avise-me quando chegar' (decision 120): open for a sold-out choice, folded otherwise; her address filled in. */
function render(soldOut: SoldOutVariant[], chosenId: string | null) {
	const router = createMemoryRouter([{ path: '/', Component: () => <RestockAlert soldOut={soldOut} chosenId={chosenId} /> }])
	return renderToString(<RouterProvider router={router} />).replaceAll('<!-- -->', '')
}

const P = { id: '11111111-1111-4111-8111-111111111111', title: 'P' }
const GG = { id: '22222222-2222-4222-8222-222222222222', title: 'GG' }

afterEach(() => setVisitor(null))

describe('RestockAlert', () => {
	test('the chosen option sold out: open, with its heading and the variant; the others offered too', () => {
		const html = render([P, GG], P.id)
		expect(html).toContain('<h2 id="avise-me-titulo"')
		expect(html).toContain('Avise-me quando chegar')
		expect(html).not.toContain('<details')
		expect(html).toMatch(/<option value="11111111-[^"]+" selected="">P<\/option>/)
		expect(html).toContain('action="/avise-me"')
	})

	test('another option sold out: folded under the buttons, naming it; nothing sold out: nothing', () => {
		const html = render([P], 'outra')
		expect(html).toContain('<details')
		expect(html).toContain('Esgotado no momento: P.')
		expect(html).toContain(`<input type="hidden" name="variantId" value="${P.id}"/>`)
		expect(render([], 'outra')).toBe('')
	})

	test("signed in: her account's address is filled in, and she is told it is confirmed at once", () => {
		setVisitor({ user: { id: 'u1', email: 'ana@exemplo.test', isAdmin: false, fullName: 'Ana' } } as Visitor)
		const html = render([P], P.id)
		expect(html).toContain('value="ana@exemplo.test"')
		expect(html).toContain('É o e-mail da sua conta: o aviso fica confirmado na hora.')
		setVisitor(null)
		expect(render([P], P.id)).toContain('Enviaremos um link para confirmar o e-mail.')
	})
})
