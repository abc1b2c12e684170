/**
 * How the embedded assistant reads a shopper's message (issue 12, decision 044): folded to
 * lower case without accents, informal Brazilian spellings expanded ('qto' → 'quanto',
 * 'pra' → 'para'), split into words. Pure: the same in tests and on the server.
 */

/** 'Pescoço' → 'pescoco'; 'ÇÃO' → 'cao'. */
export function fold(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
}

/** Chat spellings and abbreviations → the word the rules look for. */
const INFORMAL: Readonly<Record<string, string>> = {
	qto: 'quanto',
	qnto: 'quanto',
	qt: 'quanto',
	qtos: 'quantos',
	qtas: 'quantas',
	pra: 'para',
	pro: 'para',
	pras: 'para',
	pros: 'para',
	vc: 'voce',
	vcs: 'voces',
	voces: 'voces',
	tb: 'tambem',
	tbm: 'tambem',
	q: 'que',
	oq: 'o que',
	pq: 'porque',
	n: 'nao',
	naum: 'nao',
	eh: 'e',
	tah: 'esta',
	ta: 'esta',
	to: 'estou',
	msm: 'mesmo',
	hj: 'hoje',
	obg: 'obrigado',
	brigado: 'obrigado',
	vlw: 'valeu',
	blz: 'beleza',
	cachorrinho: 'cachorro',
	cachorra: 'cachorro',
	cadela: 'cachorro',
	cao: 'cachorro',
	caes: 'cachorros',
	dog: 'cachorro',
	doguinho: 'cachorro',
	gatinho: 'gato',
	gata: 'gato',
	gatinha: 'gato',
	cm: 'cm',
	centimetros: 'cm',
	centimetro: 'cm',
	tam: 'tamanho',
	tamnho: 'tamanho',
	tamano: 'tamanho',
}

/** Folded, informal spellings expanded, punctuation as spaces; numbers keep their decimal comma or point. */
export function normalizeMessage(text: string): string {
	const words = fold(text)
		.replace(/(\d)\s*,\s*(\d)/g, '$1.$2')
		.replace(/(\d)(cm)\b/g, '$1 $2')
		.replace(/[^a-z0-9.\s]/g, ' ')
		.replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
		.split(/\s+/)
		.filter(Boolean)
	return words.map((word) => INFORMAL[word] ?? word).join(' ')
}

/** Words that say nothing about what is asked (folded). */
const STOPWORDS = new Set(
	`a o as os um uma uns umas de da do das dos e em no na nos nas para por com sem que se me meu minha meus minhas seu sua seus suas
	voce voces eu ele ela eles elas isso isto esse essa este esta aquele aquela ai la aqui tem ter tenho tinha quero queria gostaria
	poderia pode podem posso sabe saber qual quais quanto quantos quantas como onde quando porque por favor oi ola bom boa dia tarde noite
	tudo bem obrigado obrigada valeu ja mais menos muito muita bem vou vai ir algum alguma alguns algumas tambem mesmo so ainda
	estou esta estao sou somos ser e ou mas entao preciso precisa procurando procuro ver vende vendem vendo comprar compra pet pets
	cachorro cachorros gato gatos meu nao sim the ne ta hoje agora`
		.split(/\s+/)
		.filter(Boolean),
)

export function isStopword(word: string): boolean {
	return STOPWORDS.has(word)
}

/** The words of a normalized message that carry meaning. */
export function contentWords(normalized: string): string[] {
	return normalized.split(' ').filter((word) => word.length >= 2 && !isStopword(word) && !/^\d+(\.\d+)?$/.test(word))
}

/** True when any of `stems` starts a word of the message (folded stems: 'entreg' matches 'entrega'). */
export function mentions(normalized: string, stems: readonly string[]): boolean {
	const words = normalized.split(' ')
	return stems.some((stem) => (stem.includes(' ') ? ` ${normalized} `.includes(` ${stem}`) : words.some((word) => word.startsWith(stem))))
}
