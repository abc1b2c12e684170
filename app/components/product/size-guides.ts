/*
 * Size guide tables (document 000 §2 'Size guide dialogs'), copied from the documents:
 * bandana length per size (shirt-size based) and adjustable collar diameter and neck.
 */

export type SizeGuideRow = { size: string; cells: string[]; note?: string }
export type SizeGuide = { title: string; description: string; columns: string[]; rows: SizeGuideRow[] }

export const BANDANA_SIZE_GUIDE: SizeGuide = {
	title: 'Guia de tamanhos: bandanas',
	description: 'Tamanhos baseados nos tamanhos de camiseta. Medida da bandana:',
	columns: ['Tamanho', 'Medida'],
	rows: [
		{ size: 'P', cells: ['25cm'] },
		{ size: 'M', cells: ['35cm'] },
		{ size: 'U', cells: ['45cm'] },
		{ size: 'G', cells: ['50cm'] },
		{ size: 'GG', cells: ['60cm'] },
		{ size: 'XG', cells: ['70cm'] },
	],
}

export const COLLAR_SIZE_GUIDE: SizeGuide = {
	title: 'Guia de tamanhos: colares',
	description: 'Colares ajustáveis. Meça o pescoço do seu pet com uma fita métrica.',
	columns: ['Tamanho', 'Diâmetro', 'Pescoço'],
	rows: [
		{ size: 'P', cells: ['5-10cm', '17-30cm'] },
		{ size: 'M', cells: ['10-15cm', '29-45cm'] },
		{ size: 'G', cells: ['15-20cm', '45-60cm'], note: 'Tamanho juvenil-infantil' },
	],
}

/** The measure shown under a size in the picker, e.g. 'M' → '35cm'. */
export function sizeHint(guide: SizeGuide, size: string): string | null {
	const row = guide.rows.find((r) => r.size.toLowerCase() === size.trim().toLowerCase())
	return row ? row.cells.join(' • ') : null
}
