import { describe, expect, test } from 'vitest'
import { regionForCep } from './cep-regions'

describe('regionForCep (offline CEP fallback)', () => {
	test.each([
		['01310-100', 'SP', 'São Paulo'],
		['13010-000', 'SP', null],
		['20040-020', 'RJ', 'Rio de Janeiro'],
		['30130-010', 'MG', 'Belo Horizonte'],
		['70040-010', 'DF', 'Brasília'],
		['73700-000', 'GO', null],
		['69301-000', 'RR', 'Boa Vista'],
		['69400-000', 'AM', null],
		['88010-000', 'SC', 'Florianópolis'],
		['90010-000', 'RS', 'Porto Alegre'],
		['76801-000', 'RO', 'Porto Velho'],
	])('%s → %s / %s', (cep, uf, city) => {
		expect(regionForCep(cep)).toEqual({ uf, city })
	})

	test('malformed or unassigned CEPs give nothing', () => {
		expect(regionForCep('1234')).toBeNull()
		expect(regionForCep('00000-000')).toBeNull()
		expect(regionForCep('abcde-fgh')).toBeNull()
	})
})
