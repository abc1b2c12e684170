import type { BreedNeck, PetSizeKind } from '~/commerce/rules/pet-size'

/*
 * Size guide tables (document 000 §2 'Size guide dialogs'), copied from the documents:
 * bandana length per size (shirt-size based) and adjustable collar diameter and neck. Issue 31
 * adds the neck each bandana fits, from the rule that suggests sizes (commerce/rules/pet-size.ts):
 * the dialog adds that column (size-guide-panel.tsx), so the page, which shows only the bandana's
 * length under each size, does not load the rule (decision 146).
 */

export type SizeGuideRow = { size: string; cells: string[]; note?: string }
export type SizeGuide = { kind: PetSizeKind; title: string; description: string; columns: string[]; rows: SizeGuideRow[] }

export const BANDANA_SIZE_GUIDE: SizeGuide = {
	kind: 'bandana',
	title: 'Guia de tamanhos: bandanas',
	description: 'Tamanhos baseados nos tamanhos de camiseta. Medida da bandana:',
	// The dialog adds 'Pescoço' (size-guide-panel.tsx).
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
	kind: 'collar',
	title: 'Guia de tamanhos: colares',
	description: 'Colares ajustáveis. Meça o pescoço do seu pet com uma fita métrica.',
	columns: ['Tamanho', 'Diâmetro', 'Pescoço'],
	rows: [
		{ size: 'P', cells: ['5-10cm', '17-30cm'] },
		{ size: 'M', cells: ['10-15cm', '29-45cm'] },
		{ size: 'G', cells: ['15-20cm', '45-60cm'], note: 'Tamanho juvenil-infantil' },
	],
}

/** The measure shown under a size in the picker, e.g. 'M' → '35cm' (the bandana's own length). */
export function sizeHint(guide: SizeGuide, size: string): string | null {
	const row = guide.rows.find((r) => r.size.toLowerCase() === size.trim().toLowerCase())
	return row ? (row.cells[0] ?? null) : null
}

let breedNecks: Promise<BreedNeck[]> | null = null

/**
 * The owner's breed table for 'Raça → tamanho sugerido' (/resources/breed-sizes), asked for once
 * per page when the guide is about to open; a failure is asked again next time.
 */
export function loadBreedNecks(): Promise<BreedNeck[]> {
	breedNecks ??= fetch('/resources/breed-sizes', { headers: { accept: 'application/json' } })
		.then(async (response) => {
			if (!response.ok) throw new Error(`breed-sizes ${response.status}`)
			return ((await response.json()) as { breeds: BreedNeck[] }).breeds
		})
		.catch((error: unknown) => {
			breedNecks = null
			throw error
		})
	return breedNecks
}
