import { regionForCep } from '~/commerce/rules/cep-regions'
import { REGION_OF_UF, SHIPPING_REGION_LABELS, type ShippingRegion } from '~/commerce/rules/shipping'
import { normalizeMessage } from './message-text'

/**
 * Where a delivery question is about (issue 31): a city or state named in the message ('BH',
 * 'manaus', 'minas'), else the shopper's own CEP or state. Pure rules: BH → MG → Sudeste.
 */
export type AriaPlace = {
	/** What the answer calls it: 'Belo Horizonte (MG)', 'Minas Gerais', 'o CEP 30130-000 (MG)'. */
	label: string
	uf: string
	region: ShippingRegion
	regionLabel: string
}

/** Folded names (and nicknames) of cities shoppers write, with their state. */
const CITIES: ReadonlyArray<readonly [names: readonly string[], city: string, uf: string]> = [
	[['bh', 'belo horizonte', 'beaga'], 'Belo Horizonte', 'MG'],
	[['sao paulo', 'sampa'], 'São Paulo', 'SP'],
	[['manaus'], 'Manaus', 'AM'],
	[['salvador'], 'Salvador', 'BA'],
	[['recife'], 'Recife', 'PE'],
	[['fortaleza'], 'Fortaleza', 'CE'],
	[['curitiba'], 'Curitiba', 'PR'],
	[['porto alegre', 'poa'], 'Porto Alegre', 'RS'],
	[['florianopolis', 'floripa'], 'Florianópolis', 'SC'],
	[['brasilia'], 'Brasília', 'DF'],
	[['goiania'], 'Goiânia', 'GO'],
	[['belem'], 'Belém', 'PA'],
	[['joao pessoa'], 'João Pessoa', 'PB'],
	[['maceio'], 'Maceió', 'AL'],
	[['aracaju'], 'Aracaju', 'SE'],
	[['teresina'], 'Teresina', 'PI'],
	[['sao luis'], 'São Luís', 'MA'],
	[['campo grande'], 'Campo Grande', 'MS'],
	[['cuiaba'], 'Cuiabá', 'MT'],
	[['porto velho'], 'Porto Velho', 'RO'],
	[['rio branco'], 'Rio Branco', 'AC'],
	[['macapa'], 'Macapá', 'AP'],
	[['boa vista'], 'Boa Vista', 'RR'],
	[['campinas'], 'Campinas', 'SP'],
	[['santos'], 'Santos', 'SP'],
	[['guarulhos'], 'Guarulhos', 'SP'],
	[['ribeirao preto'], 'Ribeirão Preto', 'SP'],
	[['niteroi'], 'Niterói', 'RJ'],
	[['uberlandia'], 'Uberlândia', 'MG'],
	[['juiz de fora'], 'Juiz de Fora', 'MG'],
	[['contagem'], 'Contagem', 'MG'],
	[['londrina'], 'Londrina', 'PR'],
	[['joinville'], 'Joinville', 'SC'],
	[['caxias do sul'], 'Caxias do Sul', 'RS'],
	[['feira de santana'], 'Feira de Santana', 'BA'],
	// Last: 'rio branco' and 'rio grande do sul' are not Rio.
	[['rio de janeiro', 'rio'], 'Rio de Janeiro', 'RJ'],
]

/** Names that are also common words ('antes do natal'): only after 'em', 'para', 'pra', 'a'. */
const AFTER_PREPOSITION: ReadonlyArray<readonly [name: string, city: string, uf: string]> = [
	['natal', 'Natal', 'RN'],
	['vitoria', 'Vitória', 'ES'],
	['palmas', 'Palmas', 'TO'],
]

const STATES: ReadonlyArray<readonly [names: readonly string[], state: string, uf: string]> = [
	[['rio grande do sul'], 'Rio Grande do Sul', 'RS'],
	[['rio grande do norte'], 'Rio Grande do Norte', 'RN'],
	[['mato grosso do sul'], 'Mato Grosso do Sul', 'MS'],
	[['mato grosso'], 'Mato Grosso', 'MT'],
	[['minas gerais', 'minas'], 'Minas Gerais', 'MG'],
	[['espirito santo'], 'Espírito Santo', 'ES'],
	[['santa catarina'], 'Santa Catarina', 'SC'],
	[['distrito federal'], 'Distrito Federal', 'DF'],
	[['parana'], 'Paraná', 'PR'],
	[['bahia'], 'Bahia', 'BA'],
	[['pernambuco'], 'Pernambuco', 'PE'],
	[['ceara'], 'Ceará', 'CE'],
	[['amazonas'], 'Amazonas', 'AM'],
	[['goias'], 'Goiás', 'GO'],
	[['paraiba'], 'Paraíba', 'PB'],
	[['alagoas'], 'Alagoas', 'AL'],
	[['sergipe'], 'Sergipe', 'SE'],
	[['piaui'], 'Piauí', 'PI'],
	[['maranhao'], 'Maranhão', 'MA'],
	[['tocantins'], 'Tocantins', 'TO'],
	[['rondonia'], 'Rondônia', 'RO'],
	[['roraima'], 'Roraima', 'RR'],
	[['acre'], 'Acre', 'AC'],
	[['amapa'], 'Amapá', 'AP'],
]

/** State abbreviations that are not Portuguese words: taken in any case. */
const SAFE_UFS = ['sp', 'rj', 'mg', 'rs', 'sc', 'pr', 'df', 'ce', 'pb', 'rn', 'pi', 'rr', 'ro', 'mt', 'ms', 'ap', 'ac', 'ba']
/** 'PE', 'MA', 'PA', 'AM', 'TO', 'ES', 'SE', 'AL', 'GO' are words too: only written in capitals. */
const CAPITAL_ONLY_UFS = ['PE', 'MA', 'PA', 'AM', 'TO', 'ES', 'SE', 'AL', 'GO']

function place(label: string, uf: string): AriaPlace | null {
	const region = REGION_OF_UF[uf]
	return region ? { label, uf, region, regionLabel: SHIPPING_REGION_LABELS[region] } : null
}

const has = (normalized: string, phrase: string) => ` ${normalized} `.includes(` ${phrase} `)

/** The place a message names, or null. */
export function placeInMessage(message: string): AriaPlace | null {
	// 'pra' and 'pro' are expanded to 'para' by normalizeMessage.
	const normalized = normalizeMessage(message)
	for (const [names, state, uf] of STATES) {
		// 'rio grande do sul' before the city 'rio'.
		if (names.some((name) => has(normalized, name))) return place(state, uf)
	}
	for (const [names, city, uf] of CITIES) {
		if (names.some((name) => has(normalized, name))) return place(`${city} (${uf})`, uf)
	}
	for (const [name, city, uf] of AFTER_PREPOSITION) {
		if (['em', 'para', 'a', 'pra'].some((p) => has(normalized, `${p} ${name}`))) return place(`${city} (${uf})`, uf)
	}
	const words = normalized.split(' ')
	const safe = SAFE_UFS.find((uf) => words.includes(uf))
	if (safe) return place(safe.toUpperCase(), safe.toUpperCase())
	const capital = CAPITAL_ONLY_UFS.find((uf) => new RegExp(`(^|[^A-Za-z])${uf}([^A-Za-z]|$)`).test(message))
	return capital ? place(capital, capital) : null
}

/** The shopper's own place (her last order's CEP, or her state), or null. */
export function placeOfShopper(shopper: { cep: string | null; uf: string | null } | null | undefined): AriaPlace | null {
	if (!shopper) return null
	const fromCep = shopper.cep ? regionForCep(shopper.cep) : null
	if (fromCep && shopper.cep) {
		const digits = shopper.cep.replace(/\D/g, '')
		return place(`o seu CEP ${digits.slice(0, 5)}-${digits.slice(5)} (${fromCep.city ? `${fromCep.city}, ` : ''}${fromCep.uf})`, fromCep.uf)
	}
	return shopper.uf ? place(shopper.uf.toUpperCase(), shopper.uf.toUpperCase()) : null
}
