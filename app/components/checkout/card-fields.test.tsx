import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { CardFieldsSection } from './card-fields'

const render = (provider: { id: string; isTest: boolean }) =>
	renderToString(<CardFieldsSection provider={provider} totalCents={10_000} defaultInstallments={1} />)

describe('CardFieldsSection', () => {
	test('the test provider is announced with every documented test card', () => {
		const html = render({ id: 'test', isTest: true })
		expect(html).toContain('Ambiente de teste — nenhuma cobrança real é feita.')
		expect(html).toContain('4242 4242 4242 4242')
		expect(html).toContain('4000 0000 0000 0002')
		expect(html).toContain('4000 0000 0000 9995')
		expect(html).toContain('saldo ou limite insuficiente')
	})

	test('a real provider is never labelled as a test', () => {
		const html = render({ id: 'adquirente', isTest: false })
		expect(html).not.toContain('Ambiente de teste')
		expect(html).not.toContain('4242 4242 4242 4242')
		expect(html).toContain('Número do cartão')
	})
})
