import type { Random } from './prng'
import { slugify } from './prng'

/**
 * Demo reviews: plain first names and example.com addresses, no accounts behind them.
 * They are there so the product pages and the home reviews section have something to
 * show; they are not presented as real customers anywhere else.
 */

const FIRST_NAMES = [
	'Ana', 'Bruna', 'Camila', 'Daniela', 'Eduarda', 'Fernanda', 'Gabriela', 'Helena', 'Isabela', 'Juliana',
	'Larissa', 'Mariana', 'Natália', 'Patrícia', 'Renata', 'Sofia', 'Tatiane', 'Vanessa', 'Bruno', 'Carlos',
	'Diego', 'Felipe', 'Gustavo', 'Lucas', 'Marcelo', 'Rafael', 'Thiago', 'Vitor',
]

const GENERIC_GOOD = [
	'Chegou rapidinho e muito bem embalado. Amei!',
	'Qualidade excelente, o acabamento é impecável.',
	'Meu pet ficou lindo, todo mundo elogiou no passeio.',
	'Comprei de presente e fez o maior sucesso.',
	'Atendimento ótimo pelo WhatsApp, me ajudaram a escolher.',
	'Já é a terceira vez que compro, sempre perfeito.',
	'Cor igualzinha à da foto. Recomendo!',
]
const GENERIC_OK = [
	'Bonito, mas demorou um pouco mais do que eu esperava para chegar.',
	'Produto bom, achei o tecido um pouco fino.',
	'Gostei, só achei a cor um pouco diferente da foto.',
]

const BY_TYPE: Record<string, string[]> = {
	Bandana: [
		'O tamanho ficou perfeito seguindo a tabela de medidas.',
		'Tecido macio e não desbota na lavagem.',
		'A bandana é linda e fica bem presa, não sai no passeio.',
	],
	Colar: ['O colar é leve e a fivela é bem firme.', 'Ajustou certinho no pescoço, nada de ficar largo.'],
	Lacinho: ['O lacinho é delicado e a presilha segura bem o pelo.', 'Super fofo, minha gatinha usou o dia todo.'],
	Gravata: ['Usamos no casamento e foi o charme da festa.', 'Elástico confortável, ele nem percebeu que estava usando.'],
	Cachecol: ['Quentinho e macio, perfeito para o inverno.', 'As franjas são uma graça.'],
	Box: ['A caixa vem caprichada, parece presente de loja chique.', 'Tudo de muita qualidade dentro da box.'],
	Higiene: ['Cheirinho gostoso que dura vários dias.', 'Não irritou a pele do meu cachorro, que é sensível.'],
	Assinatura: ['Todo mês é uma surpresa boa, vale muito a pena.', 'Frete grátis e produtos lindos, já renovei.'],
	Arte: ['A arte ficou linda na bandana personalizada.'],
	Acessório: ['O pingente é bem acabado e não enferruja.'],
}

export type DemoReview = {
	customerName: string
	customerEmail: string
	rating: number
	comment: string
	daysAgo: number
}

/** Ratings mostly 5 and 4, now and then a 3. */
function rating(random: Random): number {
	const roll = random.next()
	return roll < 0.62 ? 5 : roll < 0.92 ? 4 : 3
}

export function demoReviewsFor(random: Random, productType: string): DemoReview[] {
	const count = random.int(2, 6)
	const names = random.sample(FIRST_NAMES, count)
	return names.map((name) => {
		const stars = rating(random)
		const specific = BY_TYPE[productType] ?? []
		const parts =
			stars >= 4
				? random.sample([...GENERIC_GOOD, ...specific, ...specific], random.int(1, 2))
				: [random.pick(GENERIC_OK)]
		return {
			customerName: name,
			customerEmail: `demo+${slugify(name)}@example.com`,
			rating: stars,
			comment: parts.join(' '),
			daysAgo: random.int(1, 240),
		}
	})
}
