import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import WholesaleAdmin from './wholesale'

/** /admin/atacado posted without JavaScript: a refused table comes back as typed, with its message. */
describe('WholesaleAdmin', () => {
	const loaderData = {
		bandana: [
			{ minQuantity: 10, maxQuantity: 20, unitPriceCents: 1500 },
			{ minQuantity: 21, maxQuantity: null, unitPriceCents: 1300 },
		],
		collar: [{ minQuantity: 10, maxQuantity: null, unitPriceCents: 900 }],
		extras: [
			{ key: 'extraButton' as const, label: 'Botão extra (por unidade)', cents: 50 },
			{ key: 'sideName' as const, label: 'Nome lateral (por unidade)', cents: 100 },
		],
	}

	function render(actionData?: unknown) {
		const Stub = createRoutesStub([{ id: 'atacado', path: '/admin/atacado', Component: WholesaleAdmin as never, loader: () => loaderData }])
		return renderToString(
			<Stub initialEntries={['/admin/atacado']} hydrationData={{ loaderData: { atacado: loaderData }, actionData: actionData ? { atacado: actionData } : undefined }} />,
		)
	}

	const values = (html: string, name: string) => [...html.matchAll(new RegExp(`name="${name}"[^>]*value="([^"]*)"`, 'g'))].map((m) => m[1])

	test('the saved tiers fill both tables, with the extras', () => {
		const html = render()
		expect(values(html, 'min')).toEqual(['10', '21', '10'])
		expect(values(html, 'max')).toEqual(['20', '', ''])
		// Issue 30: money in the Brazilian format, as the owner types it ('15,00', never '15.00'): tiers, then extras.
		expect(values(html, 'price')).toEqual(['15,00', '13,00', '9,00', '0,50', '1,00'])
		expect(html).toContain('Botão extra (por unidade)')
		expect(html).not.toContain('role="alert"')
	})

	test('a refused bandana table shows what was typed and the message; the collar table is untouched', () => {
		const html = render({
			ok: false,
			message: 'Há um intervalo sem preço entre 20 e 30 unidades.',
			kind: 'bandana',
			rows: [
				{ min: '10', max: '20', price: '15,00' },
				{ min: '30', max: '', price: '13,00' },
			],
		})
		expect(values(html, 'min')).toEqual(['10', '30', '10'])
		expect(values(html, 'price')).toEqual(expect.arrayContaining(['15,00', '13,00']))
		expect(html).toContain('Há um intervalo sem preço entre 20 e 30 unidades.')
		expect(html.match(/role="alert"/g)).toHaveLength(1)
	})
})
