import { sql } from 'drizzle-orm'
import type { BreedNeck } from '~/commerce/rules/pet-size'
import { normalizeMessage } from '~/server/aria/message-text'
import { queryRows } from '~/server/db.server'
import { keptUntilStoreChange } from '~/server/store-read-cache.server'

/**
 * The breed table (issue 12; issue 31): a breed's or a size class's typical neck, which the owner
 * edits on /admin/aria (aria_breed_sizes). The one source of what size a breed takes: the
 * assistant reads it to answer 'meu golden usa qual tamanho?', the size guide shows it as
 * 'Raça → tamanho sugerido' (/resources/breed-sizes), and a pet saved with a breed but no neck
 * gets its suggestion from it. The neck becomes a size through commerce/rules/pet-size.ts.
 */

export type BreedSize = { id: string; name: string; aliases: string[]; neckMm: number }

async function readBreedSizes(): Promise<BreedSize[]> {
	return queryRows<BreedSize>(sql`select id, name, aliases, neck_mm as "neckMm" from aria_breed_sizes order by name`)
}

/**
 * The whole table, kept in memory until the next store event (decision 050; issue 31): a pet
 * whose breed the table does not know ('Vira-lata caramelo') is then as cheap on every view as
 * one it knows, and so is each Aria message and the guide. The owner's edits on /admin/aria
 * announce a store event (`announceStoreChange('breeds')`), which reaches every app server
 * (LISTEN/NOTIFY) and empties this with the other kept reads. What is returned is frozen.
 */
export const listBreedSizes: () => Promise<readonly BreedSize[]> = keptUntilStoreChange('breeds.sizes', readBreedSizes)

/**
 * The breed or size class the text names: the longest name or alias found as whole words
 * (folded), so 'pastor alemão' wins over 'pastor' and 'golden' finds 'Golden Retriever'.
 * `normalized` is the text through `normalizeMessage`.
 */
export function findBreed(normalized: string, breeds: readonly BreedSize[]): { breed: BreedSize; words: string[] } | null {
	const padded = ` ${normalized} `
	let best: { breed: BreedSize; words: string[]; length: number } | null = null
	for (const breed of breeds) {
		for (const alias of [breed.name, ...breed.aliases]) {
			const needle = normalizeMessage(alias)
			if (needle.length < 3 || !padded.includes(` ${needle} `)) continue
			if (!best || needle.length > best.length) best = { breed, words: needle.split(' '), length: needle.length }
		}
	}
	return best ? { breed: best.breed, words: best.words } : null
}

/** A pet's breed as the customer typed it ('Golden', 'shih-tzu') → the table's row, or null. */
export function breedNamed(text: string, breeds: readonly BreedSize[]): BreedSize | null {
	return findBreed(normalizeMessage(text), breeds)?.breed ?? null
}

/** The size guide's breed table: names and typical necks, real breeds first, then the size classes ('Porte médio'). */
export async function breedNecksForGuide(): Promise<BreedNeck[]> {
	const rows = await listBreedSizes()
	const sizeClass = (name: string) => /^porte\b/i.test(name)
	return [...rows.filter((b) => !sizeClass(b.name)), ...rows.filter((b) => sizeClass(b.name))].map((b) => ({ name: b.name, neckMm: b.neckMm }))
}
