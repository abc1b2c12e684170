import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { getCommerce } from '~/commerce/index.server'
import { INTERNAL_TAG } from '~/commerce/internal-products'
import { listPrice } from '~/commerce/rules/list-price'
import type { ProductSummary } from '~/commerce/types'
import { ariaBreedSizes, ariaKnowledgeBase, ariaProducts } from '~/db/schema'
import { isUniqueViolation } from '~/server/database-errors.server'
import { db } from '~/server/db.server'
import { announceStoreChange } from '~/server/store-events.server'
import { userText } from '~/utils/text-schema'

/**
 * 'Gerenciar Aria' (document 001 §2, §7; issue 12): the knowledge base, the products the
 * assistant may recommend (synced from the catalogue by handle), and the breed table.
 * Messages are document 001 §8's where it gives them.
 */

export const ARIA_ADMIN_MESSAGES = {
	knowledgeLoadFailed: 'Erro ao carregar base de conhecimento',
	productsLoadFailed: 'Erro ao carregar produtos',
	knowledgeRequired: 'Preencha título e conteúdo',
	knowledgeAddFailed: 'Erro ao adicionar conhecimento',
	knowledgeAdded: 'Conhecimento adicionado!',
	knowledgeUpdated: 'Conhecimento atualizado!',
	knowledgeUpdateFailed: 'Erro ao atualizar conhecimento',
	knowledgeRemoveFailed: 'Erro ao remover conhecimento',
	knowledgeRemoved: 'Conhecimento removido!',
	synced: (n: number) => `${n} produtos sincronizados!`,
	syncFailed: 'Erro ao sincronizar produtos',
	productUpdated: 'Produto atualizado!',
	productUpdateFailed: 'Erro ao atualizar produto',
	breedSaved: 'Raça salva!',
	breedRemoved: 'Raça removida!',
	breedDuplicate: 'Já existe uma raça com esse nome.',
	breedFailed: 'Erro ao salvar a raça',
} as const

export const knowledgeSchema = z.object({
	title: userText().trim().min(1, ARIA_ADMIN_MESSAGES.knowledgeRequired).max(200, 'O título deve ter no máximo 200 caracteres.'),
	content: userText().trim().min(1, ARIA_ADMIN_MESSAGES.knowledgeRequired).max(5000, 'O conteúdo deve ter no máximo 5.000 caracteres.'),
	category: userText()
		.trim()
		.max(60, 'A categoria deve ter no máximo 60 caracteres.')
		.transform((v) => v || null),
})
export type KnowledgeInput = z.infer<typeof knowledgeSchema>

/** 'Golden, golden retriever' → ['golden', 'golden retriever']; the neck in cm with a comma or point. */
export const breedSchema = z.object({
	name: userText().trim().min(1, 'Informe a raça ou o porte.').max(60, 'O nome deve ter no máximo 60 caracteres.'),
	aliases: userText()
		.max(500, 'Os outros nomes devem ter no máximo 500 caracteres.')
		.transform((v) =>
			[
				...new Set(
					v
						.split(',')
						.map((a) => a.trim().toLowerCase())
						.filter(Boolean),
				),
			].slice(0, 20),
		),
	neckCm: userText()
		.trim()
		.regex(/^\d{1,2}([.,]\d)?$/, 'Informe o pescoço em cm, ex.: 32 ou 32,5.')
		.transform((v) => Math.round(Number(v.replace(',', '.')) * 10))
		.refine((mm) => mm >= 100 && mm <= 900, 'O pescoço deve ficar entre 10 e 90 cm.'),
})
export type BreedInput = z.infer<typeof breedSchema>

export async function listKnowledge() {
	return db.select().from(ariaKnowledgeBase).orderBy(desc(ariaKnowledgeBase.createdAt), desc(ariaKnowledgeBase.id))
}

export async function addKnowledge(input: KnowledgeInput): Promise<void> {
	await db.insert(ariaKnowledgeBase).values(input)
}

export async function updateKnowledge(id: string, input: KnowledgeInput): Promise<boolean> {
	const rows = await db.update(ariaKnowledgeBase).set(input).where(eq(ariaKnowledgeBase.id, id)).returning({ id: ariaKnowledgeBase.id })
	return rows.length > 0
}

export async function deleteKnowledge(id: string): Promise<boolean> {
	const rows = await db.delete(ariaKnowledgeBase).where(eq(ariaKnowledgeBase.id, id)).returning({ id: ariaKnowledgeBase.id })
	return rows.length > 0
}

/** The assistant's products, newest first (document 001 §7), with the totals for the tab's header. */
export async function listAriaProducts(limit = 500) {
	const [rows, [totals]] = await Promise.all([
		db.select().from(ariaProducts).orderBy(desc(ariaProducts.createdAt), ariaProducts.title).limit(limit),
		db
			.select({ total: count(), active: sql<number>`count(*) filter (where ${ariaProducts.isAvailable})`.mapWith(Number) })
			.from(ariaProducts),
	])
	return { rows, total: totals?.total ?? 0, active: totals?.active ?? 0 }
}

export async function setAriaProductActive(id: string, active: boolean): Promise<boolean> {
	const rows = await db
		.update(ariaProducts)
		.set({ isAvailable: active, updatedAt: new Date() })
		.where(eq(ariaProducts.id, id))
		.returning({ id: ariaProducts.id })
	return rows.length > 0
}

/** Storefront API page size (document 000 §9): the whole list is read 250 at a time. */
const SYNC_PAGE = 250

/**
 * 'Sincronizar' (document 001 §7): one row per product on sale, keyed by handle, with the lowest
 * variant price, description and tags. New products start active; a product the owner switched
 * off stays off (the documents re-activate every product on each sync, which would undo her
 * choice). Rows of products no longer in the catalogue are removed. Internal products (add-ons,
 * bases, the gift) are not the assistant's to recommend.
 */
export async function syncAriaProducts(): Promise<number> {
	const products: ProductSummary[] = []
	let after: string | null = null
	for (;;) {
		const page = await getCommerce().listProducts({ first: SYNC_PAGE, after })
		products.push(...page.nodes.filter((p) => !p.tags.includes(INTERNAL_TAG)))
		if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) break
		after = page.pageInfo.endCursor
	}
	const rows = products.map((p) => ({
		shopifyHandle: p.handle,
		title: p.title,
		description: p.description.slice(0, 2000),
		priceCents: listPrice(p).minCents,
		tags: p.tags,
		isAvailable: true,
	}))
	await db.transaction(async (tx) => {
		for (let i = 0; i < rows.length; i += 500) {
			await tx
				.insert(ariaProducts)
				.values(rows.slice(i, i + 500))
				.onConflictDoUpdate({
					target: ariaProducts.shopifyHandle,
					set: {
						title: sql`excluded.title`,
						description: sql`excluded.description`,
						priceCents: sql`excluded.price_cents`,
						tags: sql`excluded.tags`,
						updatedAt: sql`now()`,
					},
				})
		}
		const handles = rows.map((r) => r.shopifyHandle)
		await tx.delete(ariaProducts).where(handles.length ? notInArray(ariaProducts.shopifyHandle, handles) : sql`true`)
	})
	return rows.length
}

export async function listBreeds() {
	return db.select().from(ariaBreedSizes).orderBy(ariaBreedSizes.name)
}

export type BreedOutcome = { ok: true } | { ok: false; message: string }

export async function saveBreed(id: string | null, input: BreedInput): Promise<BreedOutcome> {
	const values = { name: input.name, aliases: input.aliases, neckMm: input.neckCm }
	try {
		if (id) {
			const rows = await db.update(ariaBreedSizes).set(values).where(eq(ariaBreedSizes.id, id)).returning({ id: ariaBreedSizes.id })
			if (rows.length === 0) return { ok: false, message: ARIA_ADMIN_MESSAGES.breedFailed }
		} else {
			await db.insert(ariaBreedSizes).values(values)
		}
		// Every server keeps the table in memory until a store event (breed-sizes.server.ts).
		announceStoreChange('breeds')
		return { ok: true }
	} catch (error) {
		if (isUniqueViolation(error)) return { ok: false, message: ARIA_ADMIN_MESSAGES.breedDuplicate }
		throw error
	}
}

export async function deleteBreed(id: string): Promise<boolean> {
	const rows = await db
		.delete(ariaBreedSizes)
		.where(and(eq(ariaBreedSizes.id, id)))
		.returning({ id: ariaBreedSizes.id })
	if (rows.length === 0) return false
	announceStoreChange('breeds')
	return true
}
