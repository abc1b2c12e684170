import { describe, expect, test } from 'vitest'
import { placeInMessage, placeOfShopper } from './place'

describe('Where a delivery question is about (issue 31)', () => {
	test.each([
		['prazo de entrega pra BH?', 'MG', 'Sudeste'],
		['vcs entregam em manaus?', 'AM', 'Norte'],
		['entrega em minas?', 'MG', 'Sudeste'],
		['chega rapido em porto alegre', 'RS', 'Sul'],
		['e pro rio grande do norte?', 'RN', 'Nordeste'],
		['rio branco demora?', 'AC', 'Norte'],
		['frete pro rio', 'RJ', 'Sudeste'],
		['moro em floripa', 'SC', 'Sul'],
		['qual o frete pra SP', 'SP', 'Sudeste'],
		['e pra PE?', 'PE', 'Nordeste'],
		['entregam em natal?', 'RN', 'Nordeste'],
	])('%s → %s, %s', (message, uf, region) => {
		expect(placeInMessage(message)).toMatchObject({ uf, regionLabel: region })
	})
	test.each(['chega antes do natal?', 'qto tempo demora pra chegar', 'to esperando meu pedido', 'pe de meia', 'se eu pagar no pix'])(
		'no place in %s',
		(message) => {
			expect(placeInMessage(message)).toBeNull()
		},
	)
	test("the shopper's CEP, else her state", () => {
		expect(placeOfShopper({ cep: '30130000', uf: 'MG' })).toMatchObject({ uf: 'MG', regionLabel: 'Sudeste', label: 'o seu CEP 30130-000 (Belo Horizonte, MG)' })
		expect(placeOfShopper({ cep: null, uf: 'ba' })).toMatchObject({ uf: 'BA', regionLabel: 'Nordeste' })
		expect(placeOfShopper(null)).toBeNull()
	})
})
