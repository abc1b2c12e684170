/**
 * Issue 30: a product is a draft (not in the shop) until it has a picture and a price. What is
 * still missing, and the editor's words for it. Pure: the editor shows it, the server enforces it
 * when a product is published.
 */

export type PublishMissing = 'foto' | 'preço'

/** What keeps a product from being published: no picture; a variant without a price (0 is 'sem preço'). */
export function publishMissing(input: { imageCount: number; priceCents: readonly number[] }): PublishMissing[] {
	const missing: PublishMissing[] = []
	if (input.imageCount === 0) missing.push('foto')
	if (input.priceCents.length === 0 || input.priceCents.some((cents) => cents <= 0)) missing.push('preço')
	return missing
}

/** 'foto e preço' */
export function missingText(missing: readonly PublishMissing[]): string {
	return missing.join(' e ')
}

/** 'Rascunho: falta foto e preço.' */
export function draftReason(missing: readonly PublishMissing[]): string {
	return missing.length ? `Rascunho: falta ${missingText(missing)}.` : 'Rascunho: pronto para publicar.'
}

/** The server's refusal when the owner publishes too early. */
export function publishRefusal(missing: readonly PublishMissing[]): string {
	return `Para publicar, falta ${missingText(missing)}. O produto continua como rascunho.`
}
