import { z } from 'zod'
import { normalizeCep } from '~/commerce/rules/cep'
import { regionForCep } from '~/commerce/rules/cep-regions'
import { getEnv } from '~/server/env.server'
import { logger } from '~/server/logger.server'

/**
 * The address of a CEP for the checkout's auto-fill (issue 13). An address service answering
 * ViaCEP's JSON is asked first, with a short timeout, because a shopper is waiting in the
 * form; when it is off, slow, down or answers nonsense, the offline CEP ranges still give the
 * state and, for a capital, the city. Street and district then stay for the shopper to type.
 * Another provider (a carrier's API) fits behind `lookupCep` with the same result shape.
 */
export type CepAddress = {
	cep: string
	street: string
	district: string
	city: string
	uf: string
	/** 'online': the service's full address; 'offline': state (and capital) from the ranges. */
	source: 'online' | 'offline'
}

export type CepLookupResult = { found: true; address: CepAddress } | { found: false }

export const CEP_LOOKUP_TIMEOUT_MS = 2000

/** ViaCEP's answer: the address, or `{ "erro": true }` (sometimes "true") for an unknown CEP. */
const viaCepSchema = z.union([
	z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
	z.object({
		cep: z.string().max(20),
		logradouro: z.string().max(300).default(''),
		bairro: z.string().max(200).default(''),
		localidade: z.string().min(1).max(200),
		uf: z.string().regex(/^[A-Z]{2}$/),
	}),
])

// Addresses change rarely: a CEP asked again within the hour is answered from memory.
const CACHE_TTL_MS = 60 * 60 * 1000
const CACHE_MAX = 2000
const cache = new Map<string, { at: number; result: CepLookupResult }>()

export function clearCepCacheForTests() {
	cache.clear()
}

export async function lookupCep(
	input: string,
	options: { url?: string; timeoutMs?: number } = {},
): Promise<CepLookupResult | null> {
	const cep = normalizeCep(input)
	if (!cep) return null
	const url = options.url ?? getEnv().CEP_LOOKUP_URL
	const cached = cache.get(cep)
	if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.result

	const online = url === 'off' ? null : await askService(url, cep, options.timeoutMs ?? CEP_LOOKUP_TIMEOUT_MS)
	const result = online ?? offline(cep)
	// Only answers of the service are kept: an offline guess is retried next time.
	if (online) {
		if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value ?? '')
		cache.set(cep, { at: Date.now(), result: online })
	}
	return result
}

function offline(cep: string): CepLookupResult {
	const region = regionForCep(cep)
	if (!region) return { found: false }
	return { found: true, address: { cep, street: '', district: '', city: region.city ?? '', uf: region.uf, source: 'offline' } }
}

/** The service's answer, or null when it cannot give one (then the offline ranges answer). */
async function askService(template: string, cep: string, timeoutMs: number): Promise<CepLookupResult | null> {
	try {
		const response = await fetch(template.replace('{cep}', cep), {
			signal: AbortSignal.timeout(timeoutMs),
			headers: { accept: 'application/json' },
			redirect: 'error',
		})
		if (!response.ok) {
			// ViaCEP answers 400 for a malformed CEP; anything else is the service failing.
			logger.warn({ status: response.status }, 'serviço de CEP respondeu com erro')
			return null
		}
		const parsed = viaCepSchema.safeParse(await response.json())
		if (!parsed.success) {
			logger.warn('serviço de CEP respondeu algo que não é um endereço')
			return null
		}
		if ('erro' in parsed.data) return { found: false }
		const { logradouro, bairro, localidade, uf } = parsed.data
		return { found: true, address: { cep, street: logradouro, district: bairro, city: localidade, uf, source: 'online' } }
	} catch (error) {
		logger.warn({ error: error instanceof Error ? error.name : String(error) }, 'serviço de CEP indisponível; usando as faixas de CEP')
		return null
	}
}
