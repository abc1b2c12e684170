import { normalizeCep } from './cep'

/**
 * Which state (and, for the capitals, which city) a CEP belongs to, from the Correios' CEP
 * ranges: the offline fallback of the CEP lookup (issue 13) when no address service answers.
 * The ranges change rarely; a wrong guess only pre-fills fields the shopper still sees and
 * can correct before paying.
 */
type Range = readonly [from: number, to: number]

/** Correios' faixas de CEP por UF (some states have two ranges). */
const UF_RANGES: ReadonlyArray<readonly [uf: string, ranges: readonly Range[]]> = [
	['SP', [[1000000, 19999999]]],
	['RJ', [[20000000, 28999999]]],
	['ES', [[29000000, 29999999]]],
	['MG', [[30000000, 39999999]]],
	['BA', [[40000000, 48999999]]],
	['SE', [[49000000, 49999999]]],
	['PE', [[50000000, 56999999]]],
	['AL', [[57000000, 57999999]]],
	['PB', [[58000000, 58999999]]],
	['RN', [[59000000, 59999999]]],
	['CE', [[60000000, 63999999]]],
	['PI', [[64000000, 64999999]]],
	['MA', [[65000000, 65999999]]],
	['PA', [[66000000, 68899999]]],
	['AP', [[68900000, 68999999]]],
	['AM', [[69000000, 69299999], [69400000, 69899999]]],
	['RR', [[69300000, 69399999]]],
	['AC', [[69900000, 69999999]]],
	['DF', [[70000000, 72799999], [73000000, 73699999]]],
	['GO', [[72800000, 72999999], [73700000, 76799999]]],
	['RO', [[76800000, 76999999]]],
	['TO', [[77000000, 77999999]]],
	['MT', [[78000000, 78899999]]],
	['MS', [[79000000, 79999999]]],
	['PR', [[80000000, 87999999]]],
	['SC', [[88000000, 89999999]]],
	['RS', [[90000000, 99999999]]],
]

/** The capitals' own ranges, where most orders of each state go. */
const CAPITAL_RANGES: ReadonlyArray<readonly [city: string, uf: string, ranges: readonly Range[]]> = [
	['São Paulo', 'SP', [[1000000, 5999999], [8000000, 8499999]]],
	['Rio de Janeiro', 'RJ', [[20000000, 23799999]]],
	['Vitória', 'ES', [[29000000, 29099999]]],
	['Belo Horizonte', 'MG', [[30000000, 31999999]]],
	['Salvador', 'BA', [[40000000, 42599999]]],
	['Aracaju', 'SE', [[49000000, 49099999]]],
	['Recife', 'PE', [[50000000, 52999999]]],
	['Maceió', 'AL', [[57000000, 57099999]]],
	['João Pessoa', 'PB', [[58000000, 58099999]]],
	['Natal', 'RN', [[59000000, 59139999]]],
	['Fortaleza', 'CE', [[60000000, 61599999]]],
	['Teresina', 'PI', [[64000000, 64099999]]],
	['São Luís', 'MA', [[65000000, 65099999]]],
	['Belém', 'PA', [[66000000, 66999999]]],
	['Macapá', 'AP', [[68900000, 68914999]]],
	['Manaus', 'AM', [[69000000, 69099999]]],
	['Boa Vista', 'RR', [[69300000, 69339999]]],
	['Rio Branco', 'AC', [[69900000, 69923999]]],
	['Brasília', 'DF', [[70000000, 72799999], [73000000, 73699999]]],
	['Goiânia', 'GO', [[74000000, 74899999]]],
	['Porto Velho', 'RO', [[76800000, 76834999]]],
	['Palmas', 'TO', [[77000000, 77249999]]],
	['Cuiabá', 'MT', [[78000000, 78109999]]],
	['Campo Grande', 'MS', [[79000000, 79129999]]],
	['Curitiba', 'PR', [[80000000, 82999999]]],
	['Florianópolis', 'SC', [[88000000, 88099999]]],
	['Porto Alegre', 'RS', [[90000000, 91999999]]],
]

const within = (value: number, ranges: readonly Range[]) => ranges.some(([from, to]) => value >= from && value <= to)

/** The state and, in a capital's range, the city; null for a malformed or unassigned CEP. */
export function regionForCep(input: string): { uf: string; city: string | null } | null {
	const cep = normalizeCep(input)
	if (!cep) return null
	const value = Number(cep)
	const uf = UF_RANGES.find(([, ranges]) => within(value, ranges))?.[0]
	if (!uf) return null
	const capital = CAPITAL_RANGES.find(([, capitalUf, ranges]) => capitalUf === uf && within(value, ranges))
	return { uf, city: capital?.[0] ?? null }
}
