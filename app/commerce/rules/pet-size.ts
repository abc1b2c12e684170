/**
 * The size a pet needs, from its neck (issue 10; decision 039). Pure and without zod: the one
 * rule behind the product page's suggestions, the size guide's tables and the assistant's
 * answers (issue 31). A breed becomes a neck through the owner's breed table
 * (server/breed-sizes.server.ts), then a size here.
 *
 * - Bandanas are tied around the neck: the bandana's length (size guide: P 25 cm … XG 70 cm)
 *   must go round the neck with 10 cm left for the knot, so the suggestion is the smallest size
 *   whose length is at least neck + 10 cm.
 * - Collars are adjustable over a neck range (P 17–30, M 29–45, G 45–60 cm): the smallest size
 *   whose range holds the neck (at 29–30 cm both P and M fit; P, with room to tighten, is
 *   suggested; at 45 cm, M).
 *
 * Only sizes the product actually offers (and has in stock, as the caller passes) are
 * suggested; a neck outside every range gets null.
 */

import { formatDecimal } from '~/utils/format'

export const BANDANA_KNOT_ALLOWANCE_MM = 100

/** Bandana lengths in millimetres (size guide, document 000 §2). */
export const BANDANA_LENGTH_MM: ReadonlyArray<readonly [size: string, lengthMm: number]> = [
	['P', 250],
	['M', 350],
	['U', 450],
	['G', 500],
	['GG', 600],
	['XG', 700],
]

/** Collar neck ranges in millimetres, inclusive (size guide, document 000 §2). */
export const COLLAR_NECK_MM: ReadonlyArray<readonly [size: string, minMm: number, maxMm: number]> = [
	['P', 170, 300],
	['M', 290, 450],
	['G', 450, 600],
]

export type PetSizeKind = 'bandana' | 'collar'

const normal = (size: string) => size.trim().toUpperCase()

export function suggestSize(kind: PetSizeKind, neckMm: number, offeredSizes: readonly string[]): string | null {
	const offered = new Map(offeredSizes.map((size) => [normal(size), size]))
	if (kind === 'bandana') {
		for (const [size, length] of BANDANA_LENGTH_MM) {
			if (length >= neckMm + BANDANA_KNOT_ALLOWANCE_MM && offered.has(size)) return offered.get(size) ?? null
		}
		return null
	}
	for (const [size, min, max] of COLLAR_NECK_MM) {
		if (neckMm >= min && neckMm <= max && offered.has(size)) return offered.get(size) ?? null
	}
	return null
}

/** 325 → '32,5 cm'; 300 → '30 cm' (without Intl: shown on the product page just after load; decision 063). */
export function formatNeck(neckMm: number): string {
	return `${formatDecimal(neckMm / 10, 1)} cm`
}

/** Every size of a guide, in order: the size guide's suggestions are not limited to a product's stock. */
export function guideSizes(kind: PetSizeKind): string[] {
	return kind === 'bandana' ? BANDANA_LENGTH_MM.map(([size]) => size) : COLLAR_NECK_MM.map(([size]) => size)
}

/**
 * The size guide's neck column for bandanas, from the same rule as `suggestSize`: the largest
 * neck each size fits, knot included ('P' → 150: a neck up to 15 cm).
 */
export function bandanaNeckLimits(): { size: string; maxNeckMm: number }[] {
	return BANDANA_LENGTH_MM.map(([size, length]) => ({ size, maxNeckMm: length - BANDANA_KNOT_ALLOWANCE_MM }))
}

/**
 * A pet's neck as the customer registered it ('Meus Pets'), or, when she gave only the breed, the
 * typical neck of that breed in the owner's breed table (`breed`: the table's name for it).
 */
export type PetNeck = { name: string; neckMm: number; breed?: string }

/**
 * One line of the suggestions: 'Tamanho sugerido para Thor: G', or none fits (size null).
 * `breed` when the neck is the breed's typical one rather than a measure.
 */
export type PetSizeSuggestion = { petName: string; neck: string; size: string | null; breed?: string }

/** The suggestion for each pet, in the order given, among the sizes offered (a product's for sale, or a whole guide's). */
export function suggestPetSizes(kind: PetSizeKind, pets: readonly PetNeck[], offeredSizes: readonly string[]): PetSizeSuggestion[] {
	return pets.map((pet) => ({
		petName: pet.name,
		neck: formatNeck(pet.neckMm),
		size: suggestSize(kind, pet.neckMm, offeredSizes),
		...(pet.breed ? { breed: pet.breed } : {}),
	}))
}

/** A row of the owner's breed table (aria_breed_sizes) as the size guide shows it. */
export type BreedNeck = { name: string; neckMm: number }

/** 'Raça → tamanho sugerido': each breed's typical neck through the same rule, in the guide's sizes. */
export function breedSizeRows(kind: PetSizeKind, breeds: readonly BreedNeck[]): { name: string; neck: string; size: string | null }[] {
	const sizes = guideSizes(kind)
	return breeds.map((breed) => ({ name: breed.name, neck: formatNeck(breed.neckMm), size: suggestSize(kind, breed.neckMm, sizes) }))
}
