import { and, asc, count, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { parseMoneyInput } from '~/components/admin/money'
import { type WholesaleTier, tierTableProblem } from '~/commerce/rules/wholesale-tiers'
import {
	PERSONALIZATION_SETTINGS,
	type PersonalizationProductType,
	colorOptions,
	personalizationItems,
	personalizationSettings,
	wholesalePricing,
} from '~/db/schema'
import { STORE_CHANNEL } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { type Executor, type Transaction, db, queryRows } from '~/server/db.server'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { logger } from '~/server/logger.server'
import { userText } from '~/utils/text-schema'
import { COLLAR_PERSONALIZATION_BASE_HANDLE } from '~/commerce/rules/line-minimum'
import { BASE_HANDLES, WHOLESALE_EXTRA_HANDLES } from './page-data.server'

/**
 * The back-office of document 001 §2 'Bandana admin', 'Collar admin' and 'Wholesale admin':
 * colours, extra prices, the collar base price, wholesale tiers and per-unit extras.
 *
 * One price, one place: the cart charges the catalogue's products (decision 037), so a price
 * saved here is written to the product's variants in the same transaction as the table the
 * documents name (personalization_items, personalization_settings), and both always agree.
 * Every change tells open shopper pages (store channel) so they show it at once.
 */

export const ADMIN_OPTION_MESSAGES = {
	loadFailed: 'Erro ao carregar dados',
	colourAdded: 'Cor adicionada com sucesso!',
	colourAddFailed: 'Erro ao adicionar cor',
	colourRemoved: 'Cor removida com sucesso!',
	colourRemoveFailed: 'Erro ao remover cor',
	statusUpdated: 'Status atualizado!',
	statusFailed: 'Erro ao atualizar status',
	priceUpdated: 'Preço atualizado!',
	priceFailed: 'Erro ao atualizar preço',
	basePriceUpdated: 'Preço base atualizado!',
	collarBaseMissing: `O produto base do colar personalizado (${COLLAR_PERSONALIZATION_BASE_HANDLE}) não existe: recrie-o em Produtos para vender colares personalizados.`,
	invalidPrice: 'Informe um preço em reais, 0 ou mais (ex.: 29,90).',
	invalidHex: 'Informe a cor no formato #RRGGBB (ex.: #F472B6).',
	nameRequired: 'Informe o nome da cor.',
	nameTooLong: 'O nome da cor deve ter no máximo 40 caracteres.',
	duplicateName: 'Já existe uma cor com esse nome.',
	notFound: 'Item não encontrado.',
} as const

export type OptionResult = { ok: true; message: string } | { ok: false; message: string; field?: string }

function announce(type: 'personalization' | 'wholesale') {
	publish(STORE_CHANNEL, { type }).catch((error: unknown) =>
		logger.error({ error: String(error) }, 'não foi possível avisar as páginas abertas'),
	)
}

const priceSchema = userText()
	.trim()
	.max(20, ADMIN_OPTION_MESSAGES.invalidPrice)
	.transform((text, ctx) => {
		const cents = parseMoneyInput(text)
		if (cents === null || cents > 10_000_000) {
			ctx.addIssue({ code: 'custom', message: ADMIN_OPTION_MESSAGES.invalidPrice })
			return z.NEVER
		}
		return cents
	})

export function parsePrice(text: unknown): { ok: true; cents: number } | { ok: false; message: string } {
	const parsed = priceSchema.safeParse(text)
	return parsed.success
		? { ok: true, cents: parsed.data }
		: { ok: false, message: parsed.error.issues[0]?.message ?? ADMIN_OPTION_MESSAGES.invalidPrice }
}

/** Sets the price of every variant of a product, inside the caller's transaction. */
async function setProductPrice(tx: Transaction, handle: string, cents: number): Promise<number> {
	const rows = await queryRows<{ id: string }>(
		sql`update product_variants v set price_cents = ${cents}
			from products p where p.id = v.product_id and p.handle = ${handle} returning v.id`,
		tx,
	)
	await tx.execute(sql`update products set updated_at = now() where handle = ${handle}`)
	return rows.length
}

// ---------------------------------------------------------------------------- colours

export type AdminColour = { id: string; name: string; hexCode: string; isPattern: boolean; isActive: boolean; displayOrder: number }

export async function listColours(type: PersonalizationProductType): Promise<AdminColour[]> {
	return db
		.select({
			id: colorOptions.id,
			name: colorOptions.name,
			hexCode: colorOptions.hexCode,
			isPattern: colorOptions.isPattern,
			isActive: colorOptions.isActive,
			displayOrder: colorOptions.displayOrder,
		})
		.from(colorOptions)
		.where(eq(colorOptions.productType, type))
		.orderBy(asc(colorOptions.displayOrder), asc(colorOptions.name))
}

export const newColourSchema = z.object({
	name: userText().trim().min(1, ADMIN_OPTION_MESSAGES.nameRequired).max(40, ADMIN_OPTION_MESSAGES.nameTooLong),
	hexCode: userText()
		.trim()
		.regex(/^#[0-9A-Fa-f]{6}$/, ADMIN_OPTION_MESSAGES.invalidHex)
		.transform((hex) => hex.toUpperCase()),
	isPattern: z
		.union([z.literal('on'), z.literal('true'), z.literal(''), z.literal('false')])
		.optional()
		.transform((v) => v === 'on' || v === 'true'),
})

/** document 001 §4: a new colour's display order is the current count of colours. */
export async function addColour(type: PersonalizationProductType, input: Record<string, unknown>): Promise<OptionResult> {
	const parsed = newColourSchema.safeParse(input)
	if (!parsed.success) {
		const issue = parsed.error.issues[0]
		return { ok: false, message: issue?.message ?? ADMIN_OPTION_MESSAGES.colourAddFailed, field: issue?.path[0]?.toString() }
	}
	// Collars have no checkered fabric (document 001 §2: the Xadrez box is for bandanas).
	const isPattern = type === 'bandana' && parsed.data.isPattern
	const added = await db.transaction(async (tx) => {
		const [existing] = await tx
			.select({ id: colorOptions.id })
			.from(colorOptions)
			.where(and(eq(colorOptions.productType, type), sql`lower(${colorOptions.name}) = lower(${parsed.data.name})`))
		if (existing) return false
		const [{ value: total } = { value: 0 }] = await tx
			.select({ value: count() })
			.from(colorOptions)
			.where(eq(colorOptions.productType, type))
		await tx
			.insert(colorOptions)
			.values({ name: parsed.data.name, hexCode: parsed.data.hexCode, isPattern, productType: type, displayOrder: total })
		return true
	})
	if (!added) return { ok: false, message: ADMIN_OPTION_MESSAGES.duplicateName, field: 'name' }
	announce('personalization')
	return { ok: true, message: ADMIN_OPTION_MESSAGES.colourAdded }
}

export async function setColourActive(type: PersonalizationProductType, id: string, active: boolean): Promise<OptionResult> {
	const rows = await db
		.update(colorOptions)
		.set({ isActive: active })
		.where(and(eq(colorOptions.id, id), eq(colorOptions.productType, type)))
		.returning({ id: colorOptions.id })
	if (rows.length === 0) return { ok: false, message: ADMIN_OPTION_MESSAGES.statusFailed }
	announce('personalization')
	return { ok: true, message: ADMIN_OPTION_MESSAGES.statusUpdated }
}

export async function deleteColour(type: PersonalizationProductType, id: string): Promise<OptionResult> {
	const rows = await db
		.delete(colorOptions)
		.where(and(eq(colorOptions.id, id), eq(colorOptions.productType, type)))
		.returning({ id: colorOptions.id })
	if (rows.length === 0) return { ok: false, message: ADMIN_OPTION_MESSAGES.colourRemoveFailed }
	announce('personalization')
	return { ok: true, message: ADMIN_OPTION_MESSAGES.colourRemoved }
}

// ---------------------------------------------------------------------------- extras' prices

export type AdminItem = { id: string; name: string; priceCents: number; handle: string | null }

export async function listItems(type: PersonalizationProductType): Promise<AdminItem[]> {
	return db
		.select({
			id: personalizationItems.id,
			name: personalizationItems.itemName,
			// What the cart charges: the add-on product's price (decision 098), else the table's.
			priceCents: sql<number>`coalesce((select min(v.price_cents)::int from product_variants v join products p on p.id = v.product_id
				where p.handle = ${personalizationItems.addonProductHandle}), ${personalizationItems.priceCents})`.mapWith(Number),
			handle: personalizationItems.addonProductHandle,
		})
		.from(personalizationItems)
		.where(eq(personalizationItems.productType, type))
		.orderBy(asc(personalizationItems.displayOrder))
}

export async function setItemPrice(type: PersonalizationProductType, id: string, priceText: unknown, actor: Actor | null = null): Promise<OptionResult> {
	const price = parsePrice(priceText)
	if (!price.ok) return { ok: false, message: price.message, field: 'price' }
	const found = await db.transaction(async (tx) => {
		const [current] = await tx
			.select({ priceCents: personalizationItems.priceCents, name: personalizationItems.itemName })
			.from(personalizationItems)
			.where(and(eq(personalizationItems.id, id), eq(personalizationItems.productType, type)))
			.for('update')
		if (!current) return false
		// Issue 30: the price change in the activity log, with the change.
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'price',
			subject: { type: 'personalization', id, label: `${type === 'bandana' ? 'Bandana personalizada' : 'Colar personalizado'}: ${current.name}` },
			before: { priceCents: current.priceCents },
			after: { priceCents: price.cents },
		})
		const [item] = await tx
			.update(personalizationItems)
			.set({ priceCents: price.cents })
			.where(and(eq(personalizationItems.id, id), eq(personalizationItems.productType, type)))
			.returning({ handle: personalizationItems.addonProductHandle })
		if (!item) return false
		if (item.handle) await setProductPrice(tx, item.handle, price.cents)
		return true
	})
	if (!found) return { ok: false, message: ADMIN_OPTION_MESSAGES.priceFailed }
	announce('personalization')
	return { ok: true, message: ADMIN_OPTION_MESSAGES.priceUpdated }
}

// ---------------------------------------------------------------------------- collar base price

/**
 * The collar base price: the base product's price, the one thing the builder shows, the cart
 * charges and the checkout re-reads (decision 134). Null when the base product is missing (the
 * builder then refuses to add, and the admin page says why). No setting stands beside it: the
 * seeded 'base_price_cents' (25,00) was never charged and is no longer read or written.
 */
export async function collarBasePrice(executor: Executor = db): Promise<number | null> {
	const [row] = await queryRows<{ price_cents: number | null }>(
		sql`
		select min(v.price_cents)::int as price_cents from product_variants v join products p on p.id = v.product_id
		where p.handle = ${BASE_HANDLES.collar}`,
		executor,
	)
	return row?.price_cents ?? null
}

async function writeSetting(tx: Transaction, key: { settingType: string; settingKey: string }, cents: number) {
	await tx
		.insert(personalizationSettings)
		.values({ ...key, settingValue: String(cents) })
		.onConflictDoUpdate({
			target: [personalizationSettings.settingType, personalizationSettings.settingKey],
			set: { settingValue: String(cents), updatedAt: sql`now()` },
		})
}

/** The owner's 'Preço base' on /admin/personalizacao/colares: the base product's price, so the shopper pays it. */
export async function setCollarBasePrice(priceText: unknown, actor: Actor | null = null): Promise<OptionResult> {
	const price = parsePrice(priceText)
	if (!price.ok) return { ok: false, message: price.message, field: 'price' }
	const saved = await db.transaction(async (tx) => {
		const before = await collarBasePrice(tx)
		if (before === null) return false
		// Issue 30: the price change in the activity log, with the change.
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'price',
			subject: { type: 'personalization', id: null, label: 'Preço base do colar personalizado' },
			before: { priceCents: before },
			after: { priceCents: price.cents },
		})
		return (await setProductPrice(tx, BASE_HANDLES.collar, price.cents)) > 0
	})
	if (!saved) return { ok: false, message: ADMIN_OPTION_MESSAGES.collarBaseMissing }
	announce('personalization')
	return { ok: true, message: ADMIN_OPTION_MESSAGES.basePriceUpdated }
}

// ---------------------------------------------------------------------------- wholesale

export async function listTiers(type: PersonalizationProductType): Promise<WholesaleTier[]> {
	return db
		.select({
			minQuantity: wholesalePricing.minQuantity,
			maxQuantity: wholesalePricing.maxQuantity,
			unitPriceCents: wholesalePricing.unitPriceCents,
		})
		.from(wholesalePricing)
		.where(eq(wholesalePricing.productType, type))
		.orderBy(asc(wholesalePricing.minQuantity))
}

/** What the tier table form sends: one entry per row, in the order shown. */
export type TierRowInput = { min: string; max: string; price: string }

const quantityText = userText().trim().max(7)

/**
 * Replaces a product type's tiers (document 001 §2: min, max or 'Sem limite', unit price) after
 * checking the whole table: starts at 10, no overlap, no gap, last one open (tierTableProblem).
 */
export async function saveTiers(type: PersonalizationProductType, rows: readonly TierRowInput[], actor: Actor | null = null): Promise<OptionResult> {
	if (rows.length === 0 || rows.length > 20) return { ok: false, message: 'Informe de 1 a 20 faixas de preço.' }
	const tiers: WholesaleTier[] = []
	for (const [index, row] of rows.entries()) {
		const min = quantityText.safeParse(row.min)
		const max = quantityText.safeParse(row.max)
		const line = `Faixa ${index + 1}: `
		if (!min.success || !/^\d+$/.test(min.data) || Number(min.data) < 1)
			return { ok: false, message: `${line}informe a quantidade mínima (número inteiro).` }
		if (!max.success || (max.data !== '' && !/^\d+$/.test(max.data)))
			return { ok: false, message: `${line}a quantidade máxima deve ser um número inteiro ou ficar vazia (Sem limite).` }
		const price = parsePrice(row.price)
		if (!price.ok) return { ok: false, message: `${line}${price.message}` }
		tiers.push({ minQuantity: Number(min.data), maxQuantity: max.data === '' ? null : Number(max.data), unitPriceCents: price.cents })
	}
	const problem = tierTableProblem(tiers)
	if (problem) return { ok: false, message: problem }
	const sorted = [...tiers].sort((a, b) => a.minQuantity - b.minQuantity)
	await db.transaction(async (tx) => {
		const current = await tx
			.select({ minQuantity: wholesalePricing.minQuantity, maxQuantity: wholesalePricing.maxQuantity, unitPriceCents: wholesalePricing.unitPriceCents })
			.from(wholesalePricing)
			.where(eq(wholesalePricing.productType, type))
			.orderBy(asc(wholesalePricing.minQuantity))
		// Issue 30: the wholesale table before and after, in the activity log, with the change.
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'price',
			subject: { type: 'personalization', id: null, label: `Atacado: ${type === 'bandana' ? 'bandanas' : 'colares'}` },
			before: { tiers: current },
			after: { tiers: sorted },
		})
		await tx.delete(wholesalePricing).where(eq(wholesalePricing.productType, type))
		await tx.insert(wholesalePricing).values(sorted.map((tier, displayOrder) => ({ ...tier, productType: type, displayOrder })))
	})
	announce('wholesale')
	return { ok: true, message: ADMIN_OPTION_MESSAGES.priceUpdated }
}

export const WHOLESALE_EXTRAS = {
	extraButton: {
		label: 'Botão extra (por unidade)',
		setting: PERSONALIZATION_SETTINGS.wholesaleExtraButtonCents,
		handle: WHOLESALE_EXTRA_HANDLES.extraButton,
	},
	sideName: {
		label: 'Nome lateral (por unidade)',
		setting: PERSONALIZATION_SETTINGS.wholesaleSideNameCents,
		handle: WHOLESALE_EXTRA_HANDLES.sideName,
	},
} as const
export type WholesaleExtraKey = keyof typeof WHOLESALE_EXTRAS

export async function wholesaleExtraPrices(): Promise<Record<WholesaleExtraKey, number | null>> {
	const rows = await queryRows<{ handle: string; price_cents: number }>(sql`
		select p.handle, min(v.price_cents)::int as price_cents from product_variants v join products p on p.id = v.product_id
		where p.handle in (${WHOLESALE_EXTRA_HANDLES.extraButton}, ${WHOLESALE_EXTRA_HANDLES.sideName}) group by p.handle`)
	const byHandle = new Map(rows.map((r) => [r.handle, r.price_cents]))
	return {
		extraButton: byHandle.get(WHOLESALE_EXTRA_HANDLES.extraButton) ?? null,
		sideName: byHandle.get(WHOLESALE_EXTRA_HANDLES.sideName) ?? null,
	}
}

export async function setWholesaleExtraPrice(key: WholesaleExtraKey, priceText: unknown, actor: Actor | null = null): Promise<OptionResult> {
	const price = parsePrice(priceText)
	if (!price.ok) return { ok: false, message: price.message, field: 'price' }
	const extra = WHOLESALE_EXTRAS[key]
	await db.transaction(async (tx) => {
		const [current] = await queryRows<{ price_cents: number | null }>(
			sql`select min(v.price_cents)::int as price_cents from product_variants v join products p on p.id = v.product_id where p.handle = ${extra.handle}`,
			tx,
		)
		// Issue 30: the price change in the activity log, with the change.
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'price',
			subject: { type: 'personalization', id: null, label: `Atacado: ${extra.label}` },
			before: { priceCents: current?.price_cents ?? null },
			after: { priceCents: price.cents },
		})
		await writeSetting(tx, extra.setting, price.cents)
		await setProductPrice(tx, extra.handle, price.cents)
	})
	announce('wholesale')
	return { ok: true, message: ADMIN_OPTION_MESSAGES.priceUpdated }
}
