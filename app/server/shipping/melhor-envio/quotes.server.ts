import { normalizeCep } from '~/commerce/rules/cep'
import { type Parcel, parcelsKey } from '~/commerce/rules/packing'
import { nowMs } from '~/server/clock.server'
import { logger } from '~/server/logger.server'
import { MelhorEnvioClient, MelhorEnvioError, centsToReais, priceToCents } from './client.server'
import type { CalculateRequest, ServiceQuote } from './schemas'

/**
 * Carrier quotes through Melhor Envio (issue 32, decision 087): one call per (origin, destination,
 * services, parcels), time-boxed, remembered for a while, and never an error for the shopper —
 * `null` means "ask the regional table" (not configured, down, slow, refused, nothing served).
 */
export type CarrierOption = {
	/** Melhor Envio's service id (1 PAC, 2 SEDEX, …): what the order stores and the label buys. */
	serviceId: number
	/** 'Correios', 'Jadlog', 'Loggi'… */
	carrier: string
	/** 'PAC', 'SEDEX', '.Package'… */
	service: string
	priceCents: number
	/** Business days of transit, after production. */
	transitMinDays: number
	transitMaxDays: number
}

export type CarrierQuoteInput = { fromCep: string; toCep: string; services: readonly number[]; parcels: readonly Parcel[] }

export type MelhorEnvioConfig = { apiUrl: string; token: string; userAgent: string; timeoutMs: number; fetch?: typeof fetch }

/** A quote is kept 10 minutes: carriers' tables change rarely, and a shopper goes back and forth. */
const CACHE_TTL_MS = 10 * 60_000
const CACHE_MAX = 1_000
/** After a failure (no answer, a 5xx, a 429) the next 30 s go straight to the table: pages stay fast. */
const PAUSE_AFTER_FAILURE_MS = 30_000

const cache = new Map<string, { options: CarrierOption[]; expiresAt: number }>()
const inFlight = new Map<string, Promise<CarrierOption[] | null>>()
let pausedUntil = 0

/** Tests, and the process-state reset between unit files (decision 074). */
export function clearMelhorEnvioCacheForTests(): void {
	cache.clear()
	inFlight.clear()
	pausedUntil = 0
}

export function quoteKey(input: CarrierQuoteInput): string {
	return `${input.fromCep}>${input.toCep}|${[...input.services].sort((a, b) => a - b).join(',')}|${parcelsKey(input.parcels)}`
}

/** Our request, from the parcels (decision 086) as products of quantity 1. */
export function calculateRequest(input: CarrierQuoteInput): CalculateRequest {
	return {
		from: { postal_code: input.fromCep },
		to: { postal_code: input.toCep },
		products: input.parcels.map((parcel, index) => ({
			id: `volume-${index + 1}`,
			width: parcel.widthCm,
			height: parcel.heightCm,
			length: parcel.lengthCm,
			weight: Math.round(parcel.weightGrams) / 1000,
			insurance_value: centsToReais(parcel.insuredCents),
			quantity: 1,
		})),
		options: { receipt: false, own_hand: false },
		services: [...input.services].sort((a, b) => a - b).join(','),
	}
}

/** The services that quoted (the account's `custom_` price and range when given), cheapest first. */
export function optionsOf(answer: readonly ServiceQuote[], asked: readonly number[]): CarrierOption[] {
	const options: CarrierOption[] = []
	for (const quote of answer) {
		if (quote.error || !asked.includes(quote.id)) continue
		const price = quote.custom_price ?? quote.price
		const range = quote.custom_delivery_range ?? quote.delivery_range
		const time = quote.custom_delivery_time ?? quote.delivery_time
		if (price === undefined || (!range && time === undefined)) continue
		const priceCents = priceToCents(price)
		const min = range?.min ?? time ?? 0
		const max = Math.max(min, range?.max ?? time ?? min)
		if (!Number.isSafeInteger(priceCents) || max > 90) continue
		options.push({ serviceId: quote.id, carrier: quote.company.name, service: quote.name, priceCents, transitMinDays: Math.max(min, 1), transitMaxDays: Math.max(max, 1) })
	}
	return options.sort((a, b) => a.priceCents - b.priceCents || a.transitMaxDays - b.transitMaxDays || a.serviceId - b.serviceId)
}

/**
 * The carrier options for a cart's parcels, or null: the caller then quotes the regional table.
 * Repeated questions (the same CEP and parcels) are answered from memory; two at once make one call.
 */
export async function quoteMelhorEnvio(input: CarrierQuoteInput, config: MelhorEnvioConfig | null): Promise<CarrierOption[] | null> {
	const toCep = normalizeCep(input.toCep)
	const fromCep = normalizeCep(input.fromCep)
	if (!config || !toCep || !fromCep || input.parcels.length === 0 || input.services.length === 0) return null
	const normalized = { ...input, toCep, fromCep }
	const key = quoteKey(normalized)
	const now = nowMs()
	const cached = cache.get(key)
	if (cached && cached.expiresAt > now) return cached.options.length > 0 ? cached.options : null
	if (now < pausedUntil) return null
	const running = inFlight.get(key)
	if (running) return running
	const call = ask(normalized, config, key).finally(() => inFlight.delete(key))
	inFlight.set(key, call)
	return call
}

async function ask(input: CarrierQuoteInput, config: MelhorEnvioConfig, key: string): Promise<CarrierOption[] | null> {
	const client = new MelhorEnvioClient(config)
	try {
		const options = optionsOf(await client.calculate(calculateRequest(input)), input.services)
		if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string)
		cache.set(key, { options, expiresAt: nowMs() + CACHE_TTL_MS })
		return options.length > 0 ? options : null
	} catch (error) {
		const status = error instanceof MelhorEnvioError ? error.status : 0
		if (status === 0 || status === 429 || status >= 500) pausedUntil = nowMs() + PAUSE_AFTER_FAILURE_MS
		// The shopper sees the regional table; the owner finds why in the log (never the token).
		logger.warn({ error: error instanceof Error ? error.message : String(error), status }, 'Melhor Envio sem cotação; usando a tabela regional')
		return null
	}
}
