import { data } from 'react-router'
import type { BreedNeck } from '~/commerce/rules/pet-size'
import { breedNecksForGuide } from '~/server/breed-sizes.server'
import { logger } from '~/server/logger.server'

/**
 * GET /resources/breed-sizes — the owner's breed table (name and typical neck) for the size
 * guide's 'Raça → tamanho sugerido' (issue 31), asked for when the guide is about to open. The
 * same for everyone, so shared caches may keep it a few minutes; the product page's HTML stays
 * as small and as cacheable as it was.
 */
export async function loader() {
	try {
		const breeds = await breedNecksForGuide()
		return data({ breeds }, { headers: { 'Cache-Control': 'public, max-age=300' } })
	} catch (error) {
		logger.error({ err: error }, 'Guia de tamanhos: falha ao carregar as raças')
		return data(
			{ breeds: [] as BreedNeck[], error: 'Não foi possível carregar a tabela de raças.' },
			{ status: 503, headers: { 'Cache-Control': 'no-store' } },
		)
	}
}
