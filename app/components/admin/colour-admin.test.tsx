import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import { ColourTable } from './colour-admin'

/** The colour table as the server sends it: each switch and delete button is a real form (works without JavaScript). */
describe('ColourTable', () => {
	const colours = [
		{ id: '11111111-1111-4111-8111-111111111111', name: 'Rosa', hexCode: '#F472B6', isPattern: false, isActive: true, displayOrder: 0 },
		{ id: '22222222-2222-4222-8222-222222222222', name: 'Xadrez Azul', hexCode: '#3B82F6', isPattern: true, isActive: false, displayOrder: 1 },
	]

	function render(showType: boolean) {
		const Stub = createRoutesStub([{ path: '/admin/personalizacao/bandanas', Component: () => <ColourTable colours={colours} showType={showType} /> }])
		return renderToString(<Stub initialEntries={['/admin/personalizacao/bandanas']} />)
	}

	test('toggle and delete post their intent, id and the new state in plain forms', () => {
		const html = render(true)
		const forms = html.match(/<form[^>]*method="post"[^>]*>.*?<\/form>/g) ?? []
		expect(forms).toHaveLength(4)
		const [toggleRosa, deleteRosa, toggleAzul] = forms
		expect(toggleRosa).toContain('name="intent" value="toggle-colour"')
		expect(toggleRosa).toContain(`name="id" value="${colours[0]!.id}"`)
		expect(toggleRosa).toContain('name="active" value="false"')
		expect(toggleRosa).toMatch(/<button type="submit" role="switch" aria-checked="true"/)
		expect(toggleAzul).toContain('name="active" value="true"')
		expect(deleteRosa).toContain('name="intent" value="delete-colour"')
		expect(deleteRosa).toMatch(/<button[^>]*type="submit"[^>]*aria-label="Remover a cor Rosa"/)
		expect(html).toContain('Xadrez')
		expect(html).toContain('Sólida')
	})

	test('collars show no type column', () => {
		expect(render(false)).not.toContain('Sólida')
	})
})
