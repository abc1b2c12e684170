import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { ariaBreedSizes } from '~/db/schema'
import { db } from '~/server/db.server'
import { loader } from './breed-sizes'

withTestDatabase()

describe('GET /resources/breed-sizes (issue 31)', () => {
	test("the owner's breed table for the size guide: names and necks only, breeds before size classes, shareable", async () => {
		await db.insert(ariaBreedSizes).values([
			{ name: 'Porte médio', aliases: ['medio'], neckMm: 380 },
			{ name: 'Beagle', aliases: [], neckMm: 370 },
			{ name: 'Golden Retriever', aliases: ['golden'], neckMm: 500 },
		])
		const result = (await loader()) as unknown as { data: { breeds: unknown[] }; init: ResponseInit | null }
		expect(result.data.breeds).toEqual([
			{ name: 'Beagle', neckMm: 370 },
			{ name: 'Golden Retriever', neckMm: 500 },
			{ name: 'Porte médio', neckMm: 380 },
		])
		expect(new Headers(result.init?.headers).get('cache-control')).toBe('public, max-age=300')
	})
})
