import { announceStoreChange } from '~/server/store-events.server'
import { isDeepStrictEqual } from 'node:util'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { storeSettings } from '~/db/schema'
import { nowMs } from '~/server/clock.server'
import { bumpSettingsGeneration, settingsGeneration } from '~/server/settings-generation.server'
import { db, type Executor } from '~/server/db.server'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { logger } from '~/server/logger.server'
import { userText } from '~/utils/text-schema'
import { isValidCnpj } from '~/commerce/rules/cpf'
import { pixKeySchema } from '~/commerce/rules/pix-key'
import { DEFAULT_CUTOFF_HOUR } from '~/commerce/rules/delivery-date'
import { DEFAULT_SHIPPING_TABLE, SHIPPING_REGIONS, type ShippingRegion } from '~/commerce/rules/shipping'
import { DEFAULT_LOYALTY_POINTS, loyaltyPointsSchema } from '~/server/loyalty/point-values'
import { DEFAULT_PHOTO_POINTS_PER_DAY, photoPointsPerDaySchema } from '~/server/loyalty/point-values'
import { DEFAULT_PRIVACY_POLICY, DEFAULT_RETURNS_POLICY, DEFAULT_TERMS_OF_USE } from '~/server/policies/default-policies'

/**
 * Store settings (decision 16), editable by the admin. Each field has the documents'
 * value as its default, so a fresh shop needs no rows: a row in store_settings
 * (key = field name, value = JSON) overrides one field.
 */
const cents = (label: string) =>
	z
		.number({ error: `${label}: informe um valor em centavos.` })
		.int(`${label}: informe um valor em centavos.`)
		.min(0, `${label} não pode ser negativo.`)
		.max(100_000_000, `${label} é alto demais.`)

/** A site path ('/logo.svg') or an http(s) URL. */
const urlOrPath = (label: string) =>
	userText()
		.trim()
		.max(2000, `${label} é longo demais.`)
		.refine((v) => /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/\S+$/.test(v), `${label} deve ser um endereço http(s) ou começar com /.`)

/** PIX merchant name and city: EMV fields of at most 25 and 15 characters (BR Code manual). */
const pixText = (label: string, max: number) =>
	userText().trim().min(1, `Informe ${label}.`).max(max, `${label} deve ter no máximo ${max} caracteres.`)

/** A policy page's text: plain paragraphs separated by a blank line. */
const policyText = (label: string) =>
	userText()
		.max(20_000, `${label} deve ter no máximo 20.000 caracteres.`)
		.transform((v) => v.replace(/\r\n?/g, '\n').trim())
		.refine((v) => v.length > 0, `${label} não pode ficar em branco.`)

/** One region's row of the shipping table: rate and delivery window in business days. */
const shippingRateSchema = z
	.object({
		rateCents: cents('O frete'),
		minDays: z
			.number()
			.int('Prazo: informe dias inteiros.')
			.min(1, 'O prazo mínimo é de 1 dia útil.')
			.max(90, 'O prazo máximo é de 90 dias úteis.'),
		maxDays: z
			.number()
			.int('Prazo: informe dias inteiros.')
			.min(1, 'O prazo mínimo é de 1 dia útil.')
			.max(90, 'O prazo máximo é de 90 dias úteis.'),
	})
	.refine((r) => r.maxDays >= r.minDays, { message: 'O prazo máximo não pode ser menor que o mínimo.', path: ['maxDays'] })

export const shippingTableSchema = z.object(
	Object.fromEntries(SHIPPING_REGIONS.map((region) => [region, shippingRateSchema])) as Record<ShippingRegion, typeof shippingRateSchema>,
)

/** A count of business days, 0 to 60 (production). */
const businessDays = (label: string) =>
	z
		.number({ error: `${label}: informe um número inteiro de dias úteis.` })
		.int(`${label}: informe um número inteiro de dias úteis.`)
		.min(0, `${label}: o prazo não pode ser negativo.`)
		.max(60, `${label}: o prazo deve ser de no máximo 60 dias úteis.`)

/** An app store link: https only. */
const appLink = (label: string) =>
	userText()
		.trim()
		.max(2000, `${label} é longo demais.`)
		.refine((v) => /^https:\/\/\S+$/.test(v), `${label} deve começar com https://.`)

/** Bounds of the activity log's retention, in days (issue 30). */
export const ACTIVITY_RETENTION_DAYS = { min: 90, max: 3650 } as const

/** Bounds of the PIX payment window, in hours: from 1 hour to 30 days. */
export const PIX_PAYMENT_WINDOW_HOURS = { min: 1, max: 720 } as const

export const storeSettingsSchema = z.object({
	/** No brand name is given in the documents. */
	storeName: userText()
		.trim()
		.min(1, 'Informe o nome da loja.')
		.max(80, 'O nome da loja deve ter no máximo 80 caracteres.')
		.default('Pet Estilo'),
	/** null shows the store name as text. */
	logoUrl: urlOrPath('O logo').nullable().default(null),
	/** The documents' {email}. */
	contactEmail: z.email('Informe um e-mail de contato válido.').default('contato@petestilo.com.br'),
	/** The documents' {phone}: WhatsApp number, E.164 digits without '+', e.g. 5511999999999. */
	whatsappNumber: userText()
		.trim()
		.regex(/^[1-9]\d{9,14}$/, 'Informe o WhatsApp só com números, com DDI e DDD (ex.: 5511999999999).')
		.default('5511999999999'),
	city: userText().trim().min(1, 'Informe a cidade.').max(80, 'A cidade deve ter no máximo 80 caracteres.').default('São Paulo'),
	instagramUrl: urlOrPath('O Instagram').nullable().default('https://www.instagram.com/petestilo'),
	/**
	 * A PIX key (CPF, CNPJ, e-mail, mobile phone or random key), checked and normalised by its
	 * kind as the DICT stores it (decision 069); null disables PIX at checkout.
	 */
	pixKey: pixKeySchema.nullable().default('contato@petestilo.com.br'),
	pixMerchantName: pixText('o nome do recebedor PIX', 25).default('PET ESTILO'),
	pixMerchantCity: pixText('a cidade do recebedor PIX', 15).default('SAO PAULO'),
	/** document 000 §9: free shipping from R$ 100. */
	freeShippingThresholdCents: cents('O valor para frete grátis').default(10_000),
	/** document 000 §4: gift product handle; null switches the gift off. */
	giftProductHandle: userText()
		.trim()
		.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'O produto brinde deve ser um identificador (handle) como brinde-lacinho-pet.')
		.nullable()
		.default('brinde-lacinho-pet'),
	/** document 000 §4/§9: gift threshold, default 100. */
	giftThresholdCents: cents('O valor para ganhar o brinde').default(10_000),
	/**
	 * Decision 5: the shipping rate below the free-shipping threshold when the CEP's region is
	 * unknown (a CEP outside the Correios' ranges); otherwise the region's row below applies.
	 */
	shippingRateCents: cents('O valor do frete').default(1990),
	/**
	 * Issue 13: rate and transit window per region of Brazil, quoted from the delivery CEP. Since
	 * decision 085 the window is the transit after production (migration 'shipping_table_transit'
	 * took the 4 production days out of stored tables).
	 */
	shippingTable: shippingTableSchema.default(DEFAULT_SHIPPING_TABLE),
	/**
	 * Issue 32 (decision 087): the CEP parcels leave from (Melhor Envio's quote 'from'). The demo's
	 * is a São Paulo CEP; the owner sets the shop's own.
	 */
	shippingOriginCep: z
		.string({ error: 'CEP de origem: informe 8 números.' })
		.transform((v) => v.replace(/\D/g, ''))
		.refine((v) => /^\d{8}$/.test(v), 'CEP de origem: informe 8 números.')
		.default('01310100'),
	/**
	 * Issue 32: the Melhor Envio services offered at checkout, by id (1 Correios PAC, 2 Correios
	 * SEDEX, 3 Jadlog .Package, 4 Jadlog .Com…: the account's list in Melhor Envio's panel).
	 */
	carrierServices: z
		.array(z.number({ error: 'Serviços de entrega: use os números dos serviços.' }).int('Serviços de entrega: use os números dos serviços.').min(1).max(9999), {
			error: 'Serviços de entrega: informe os números dos serviços separados por vírgula.',
		})
		.min(1, 'Informe pelo menos um serviço de entrega.')
		.max(20, 'Serviços de entrega: no máximo 20.')
		.refine((ids) => new Set(ids).size === ids.length, 'Serviços de entrega: um serviço aparece mais de uma vez.')
		.default([1, 2]),
	/**
	 * Issue 32: the carrier service the free-shipping threshold applies to (1: PAC); the others keep
	 * their price above it. null: no carrier service is free (the regional table's still is).
	 */
	freeShippingServiceId: z
		.number({ error: 'Frete grátis: informe o número de um serviço.' })
		.int('Frete grátis: informe o número de um serviço.')
		.min(1, 'Frete grátis: informe o número de um serviço.')
		.max(9999, 'Frete grátis: informe o número de um serviço.')
		.nullable()
		.default(1),
	/** Issue 32 (decision 085): business days of production, added to every delivery promise. */
	productionDays: businessDays('Produção').default(4),
	/** Issue 32: production of a personalised piece (it may take longer); the longer of the two applies. */
	personalizedProductionDays: businessDays('Produção das peças personalizadas').default(4),
	/** Issue 32: after this hour (São Paulo) a confirmed payment's day no longer counts as a business day. */
	deliveryCutoffHour: z
		.number({ error: 'Horário de corte: informe uma hora de 0 a 23.' })
		.int('Horário de corte: informe uma hora inteira de 0 a 23.')
		.min(0, 'Horário de corte: informe uma hora de 0 a 23.')
		.max(23, 'Horário de corte: informe uma hora de 0 a 23.')
		.default(DEFAULT_CUTOFF_HOUR),
	/**
	 * Issue 13: percent off the products when paying by PIX ('5% de desconto no PIX'), applied on
	 * the server and shown with every price; 0 switches it off. Up to one decimal, at most 30%.
	 */
	pixDiscountPercent: z
		.number({ error: 'Desconto no PIX: informe um percentual.' })
		.min(0, 'O desconto no PIX não pode ser negativo.')
		.max(30, 'O desconto no PIX deve ser de no máximo 30%.')
		.refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'Desconto no PIX: use no máximo uma casa decimal.')
		.default(0),
	/** Issue 13: the shop's apps; a badge is shown in the footer only for a link that is set. */
	appStoreUrl: appLink('O link da App Store').nullable().default(null),
	playStoreUrl: appLink('O link do Google Play').nullable().default(null),
	/**
	 * Decision 20: hours a PIX order waits for payment before it is cancelled and its stock
	 * and coupon use go back. A store setting, not an env var: it is the owner's business
	 * rule, changed from the back-office without a restart, the same on every app server.
	 */
	/**
	 * Who sells (issue 13: shown in the footer, as Brazilian shoppers expect): the company's
	 * legal name, CNPJ (14 digits, check digits valid) and address. The defaults are the demo
	 * shop's, marked as such in the back-office; null hides the line.
	 */
	legalName: userText()
		.trim()
		.min(1, 'Informe a razão social.')
		.max(120, 'A razão social deve ter no máximo 120 caracteres.')
		.nullable()
		.default('Pet Estilo Acessórios para Pets Ltda. (demonstração)'),
	cnpj: z
		.string()
		.regex(/^[0-9A-Z]{12}\d{2}$/, 'CNPJ inválido. Confira os 14 caracteres.')
		.refine(isValidCnpj, 'CNPJ inválido. Confira os 14 caracteres.')
		.nullable()
		.default('11222333000181'),
	businessAddress: userText()
		.trim()
		.min(1, 'Informe o endereço.')
		.max(200, 'O endereço deve ter no máximo 200 caracteres.')
		.nullable()
		.default('Rua Exemplo, 100 – Vila Mariana – São Paulo/SP – 04000-000'),
	/** The policy pages' texts (paragraphs separated by a blank line); defaults say they must be reviewed. */
	returnsPolicy: policyText('A política de trocas e devoluções').default(DEFAULT_RETURNS_POLICY),
	privacyPolicy: policyText('A política de privacidade').default(DEFAULT_PRIVACY_POLICY),
	termsOfUse: policyText('Os termos de uso').default(DEFAULT_TERMS_OF_USE),
	pixPaymentWindowHours: z
		.number({ error: 'Prazo do PIX: informe um número inteiro de horas.' })
		.int('Prazo do PIX: informe um número inteiro de horas.')
		.min(PIX_PAYMENT_WINDOW_HOURS.min, `O prazo do PIX deve ser de pelo menos ${PIX_PAYMENT_WINDOW_HOURS.min} hora.`)
		.max(PIX_PAYMENT_WINDOW_HOURS.max, `O prazo do PIX deve ser de no máximo ${PIX_PAYMENT_WINDOW_HOURS.max} horas (30 dias).`)
		.default(24),
	/**
	 * Issue 29 (decision 077): up to how many card instalments the shop absorbs the interest ('sem
	 * juros'; 1 = only à vista). Above it the shopper sees the card provider's interest. Mercado
	 * Pago's account must offer the same count without interest (README).
	 */
	cardInterestFreeInstallments: z
		.number({ error: 'Parcelas sem juros: informe um número de 1 a 6.' })
		.int('Parcelas sem juros: informe um número de 1 a 6.')
		.min(1, 'Parcelas sem juros: informe um número de 1 a 6.')
		.max(6, 'Parcelas sem juros: informe um número de 1 a 6.')
		.default(6),
	/** Issue 11: a tracked variant at or below this many units is 'estoque baixo'; edited on /admin/estoque. */
	lowStockThreshold: z
		.number({ error: 'Informe o limite de estoque baixo em unidades.' })
		.int('Informe o limite de estoque baixo em unidades inteiras.')
		.min(0, 'O limite de estoque baixo não pode ser negativo.')
		.max(10_000, 'O limite de estoque baixo deve ser de no máximo 10.000 unidades.')
		.default(3),
	/** Issue 10: points per event (app/server/loyalty/point-values.ts), edited on /admin/fidelidade. */
	loyaltyPoints: loyaltyPointsSchema.default(DEFAULT_LOYALTY_POINTS),
	/** Spec README decision 25 (decision 071): photos per customer per day that earn points. */
	photoPointsPerDay: photoPointsPerDaySchema.default(DEFAULT_PHOTO_POINTS_PER_DAY),
	/**
	 * Issue 30 (decision 096): days the back-office activity log is kept before the purge job deletes
	 * an entry. At least 90, so that lowering it cannot wipe yesterday's entries (the change itself is logged).
	 */
	activityLogRetentionDays: z
		.number({ error: 'Registro de atividade: informe um número inteiro de dias.' })
		.int('Registro de atividade: informe um número inteiro de dias.')
		.min(ACTIVITY_RETENTION_DAYS.min, `Registro de atividade: guarde por pelo menos ${ACTIVITY_RETENTION_DAYS.min} dias.`)
		.max(ACTIVITY_RETENTION_DAYS.max, `Registro de atividade: guarde por no máximo ${ACTIVITY_RETENTION_DAYS.max} dias (10 anos).`)
		.default(365),
})

export type StoreSettings = z.infer<typeof storeSettingsSchema>
export type StoreSettingsKey = keyof StoreSettings

/** What an update may carry: any subset of the fields, nothing else. */
export const storeSettingsUpdateSchema = storeSettingsSchema
	.extend(
		Object.fromEntries(Object.entries(storeSettingsSchema.shape).map(([key, field]) => [key, field.removeDefault().optional()])) as {
			[K in StoreSettingsKey]: z.ZodOptional<ReturnType<(typeof storeSettingsSchema.shape)[K]['removeDefault']>>
		},
	)
	.strict()
export type StoreSettingsUpdate = z.infer<typeof storeSettingsUpdateSchema>

const SETTING_KEYS = Object.keys(storeSettingsSchema.shape) as StoreSettingsKey[]

export function defaultStoreSettings(): StoreSettings {
	return storeSettingsSchema.parse({})
}

/**
 * Several app servers may serve one database, so the copy kept in memory lives only a
 * few seconds: an admin change is visible everywhere within CACHE_TTL_MS, at once on the
 * server that made it, and at once on the others when its store event reaches them (the HTTP
 * entry bumps the generation, server/index.ts). A read that began before a change is not kept
 * (settings-generation.server.ts).
 */
const CACHE_TTL_MS = 5_000
let cache: { settings: StoreSettings; expiresAt: number; generation: number } | undefined

export function clearStoreSettingsCache() {
	cache = undefined
	bumpSettingsGeneration()
}

/**
 * What a stored value that no longer validates becomes, where the shipped default would be
 * harmful: the demo PIX key would send shoppers' money to someone else, so PIX is switched off.
 */
const WHEN_STORED_VALUE_INVALID: Partial<StoreSettings> = { pixKey: null }

/**
 * Merges stored rows over the defaults; a stored value that no longer validates is ignored
 * (and logged): its default is used, or WHEN_STORED_VALUE_INVALID's value.
 */
export function mergeStoredSettings(rows: { key: string; value: unknown }[]): StoreSettings {
	const settings = defaultStoreSettings()
	for (const { key, value } of rows) {
		if (!(SETTING_KEYS as string[]).includes(key)) continue
		const settingKey = key as StoreSettingsKey
		const parsed = storeSettingsSchema.shape[settingKey].removeDefault().safeParse(value)
		if (parsed.success) {
			;(settings as Record<StoreSettingsKey, unknown>)[settingKey] = parsed.data
		} else {
			const replaced = settingKey in WHEN_STORED_VALUE_INVALID
			if (replaced) (settings as Record<StoreSettingsKey, unknown>)[settingKey] = WHEN_STORED_VALUE_INVALID[settingKey]
			logger.warn(
				{ key, issues: parsed.error.issues.map((i) => i.message) },
				replaced ? 'configuração da loja inválida no banco; desativada' : 'configuração da loja inválida no banco; usando o valor padrão',
			)
		}
	}
	return settings
}

async function readStoreSettings(executor: Executor): Promise<StoreSettings> {
	const rows = await executor.select({ key: storeSettings.key, value: storeSettings.value }).from(storeSettings)
	return mergeStoredSettings(rows)
}

export async function getStoreSettings(): Promise<StoreSettings> {
	const now = nowMs()
	const generation = settingsGeneration()
	if (cache && cache.expiresAt > now && cache.generation === generation) return cache.settings
	const settings = await readStoreSettings(db)
	// Changed while it was read: the next caller reads again.
	if (settingsGeneration() === generation) cache = { settings, expiresAt: now + CACHE_TTL_MS, generation }
	return settings
}

/** Thrown when a written setting does not read back as written: the shop would not use it. */
export class SettingsNotAppliedError extends Error {
	constructor(readonly keys: StoreSettingsKey[]) {
		super(`configurações gravadas mas não lidas de volta: ${keys.join(', ')}`)
		this.name = 'SettingsNotAppliedError'
	}
}

/** The fields of `update` whose value in `settings` (as read back) is not the one written. */
export function settingsNotApplied(update: StoreSettingsUpdate, settings: StoreSettings): StoreSettingsKey[] {
	return (Object.entries(update) as [StoreSettingsKey, unknown][])
		.filter(([key, value]) => value !== undefined && !isDeepStrictEqual(settings[key], value))
		.map(([key]) => key)
}

/**
 * Validates a partial update (throws the ZodError, whose messages are Portuguese, on bad
 * input), writes the given fields and returns the settings as they now stand. Every written
 * field is read back through the same path the shop reads it: one that does not come back as
 * written (issue 28: digit-only values came back as numbers and were replaced by the demo
 * values) undoes the whole update and throws SettingsNotAppliedError, so the admin is never
 * told 'salvas' for a value the shop will not use. Pass a transaction as executor to make the
 * change part of a larger one. `actor`: the admin who made the change (issue 30: the activity log
 * keeps the changed fields, before and after, in the same transaction); null for the shop itself.
 */
export async function updateStoreSettings(partial: unknown, executor: Executor = db, actor: Actor | null = null): Promise<StoreSettings> {
	const update = storeSettingsUpdateSchema.parse(partial)
	const entries = Object.entries(update).filter(([, value]) => value !== undefined)
	if (entries.length === 0) return readStoreSettings(executor)
	const settings = await executor.transaction(async (tx) => {
		const before = await readStoreSettings(tx)
		await tx
			.insert(storeSettings)
			.values(
				// Written as JSON text so that null is stored as JSON null (not SQL NULL).
				entries.map(([key, value]) => ({ key, value: sql`${JSON.stringify(value)}::jsonb`, updatedAt: new Date() })),
			)
			.onConflictDoUpdate({
				target: storeSettings.key,
				set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
			})
		const readBack = await readStoreSettings(tx)
		const notApplied = settingsNotApplied(update, readBack)
		if (notApplied.length > 0) throw new SettingsNotAppliedError(notApplied)
		const keys = entries.map(([key]) => key as StoreSettingsKey)
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'settings',
			subject: { type: 'settings', id: null, label: 'Configurações da loja' },
			before: Object.fromEntries(keys.map((key) => [key, before[key]])),
			after: Object.fromEntries(keys.map((key) => [key, readBack[key]])),
		})
		return readBack
	})
	clearStoreSettingsCache()
	// The shell (name, logo, footer) and prices' PIX line come from the settings: pages change.
	announceStoreChange('settings')
	return settings
}
