/** 'Bandana Xadrez Vermelha!' → 'bandana-xadrez-vermelha': accents folded, anything else a dash. */
export function slugify(text: string): string {
	return text
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-+|-+$/g, '')
}
