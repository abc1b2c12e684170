import { and, asc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { COLLECTION_SORT_ORDERS, type CollectionSortOrder } from '~/commerce/rules/browse'
import { collectionProducts, collections, products } from '~/db/schema'
import { isUniqueViolation } from '~/server/database-errors.server'
import { db, queryRows } from '~/server/db.server'
import { STORE_CHANNEL } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { logger } from '~/server/logger.server'
import { deleteUpload, parseUploadUrl, saveUpload } from '~/server/storage.server'
import { slugify } from '~/utils/slug'
import { userText } from '~/utils/text-schema'

/**
 * Collections in the back-office (issue 11): create, edit (title, handle, description, picture,
 * default order), add and remove products, arrange them by hand. A collection is a category page
 * (/categoria/:handle) as soon as it exists. Every change is announced on the store channel.
 */

export const COLLECTION_MESSAGES = {
	created: 'Coleção criada!',
	saved: 'Coleção salva!',
	deleted: 'Coleção excluída. Os produtos continuam na loja.',
	productsAdded: 'Produtos adicionados à coleção.',
	productRemoved: 'Produto removido da coleção.',
	orderSaved: 'Ordem salva!',
	failed: 'Não foi possível salvar a coleção',
	notFound: 'Coleção não encontrada.',
	handleTaken: 'Este endereço já está em uso por outra coleção.',
	imageFailed: 'Use uma imagem JPEG, PNG ou WebP de até 5MB.',
} as const

export const collectionFieldsSchema = z.object({
	title: userText().trim().min(1, 'Informe o título.').max(100, 'O título deve ter no máximo 100 caracteres.'),
	/** Blank: made from the title. */
	handle: userText().trim().max(80, 'O endereço deve ter no máximo 80 caracteres.'),
	description: userText().trim().max(2000, 'A descrição deve ter no máximo 2.000 caracteres.'),
	sortOrder: z.enum(COLLECTION_SORT_ORDERS, 'Escolha uma ordem da lista.'),
})
export type CollectionFields = z.infer<typeof collectionFieldsSchema>

type Failure = { ok: false; errors: Record<string, string> }

function announce(collectionId: string) {
	publish(STORE_CHANNEL, { type: 'catalog', id: collectionId }).catch((error: unknown) =>
		logger.warn({ error: String(error) }, 'evento de coleção não publicado'),
	)
}

function handleOf(fields: CollectionFields): string | null {
	const handle = slugify(fields.handle || fields.title)
	return handle.length > 0 ? handle : null
}

export type AdminCollectionRow = {
	id: string
	handle: string
	title: string
	sortOrder: CollectionSortOrder
	productCount: number
	imageUrl: string | null
}

export async function listCollectionsForAdmin(): Promise<AdminCollectionRow[]> {
	const rows = await queryRows<{
		id: string
		handle: string
		title: string
		sort_order: CollectionSortOrder
		product_count: number
		image_url: string | null
	}>(sql`
		select c.id, c.handle, c.title, c.sort_order, c.image_url,
			(select count(*) from collection_products cp where cp.collection_id = c.id)::int as product_count
		from collections c order by c.title, c.id`)
	return rows.map((r) => ({
		id: r.id,
		handle: r.handle,
		title: r.title,
		sortOrder: r.sort_order,
		productCount: r.product_count,
		imageUrl: r.image_url,
	}))
}

export async function createCollection(fields: CollectionFields): Promise<{ ok: true; id: string } | Failure> {
	const handle = handleOf(fields)
	if (!handle) return { ok: false, errors: { handle: 'Informe um endereço com letras ou números.' } }
	try {
		const [row] = await db
			.insert(collections)
			.values({ title: fields.title, handle, description: fields.description, sortOrder: fields.sortOrder })
			.returning({ id: collections.id })
		if (!row) throw new Error('coleção não criada')
		announce(row.id)
		return { ok: true, id: row.id }
	} catch (error) {
		if (isUniqueViolation(error)) return { ok: false, errors: { handle: COLLECTION_MESSAGES.handleTaken } }
		throw error
	}
}

export type AdminCollection = {
	id: string
	handle: string
	title: string
	description: string
	sortOrder: CollectionSortOrder
	imageUrl: string | null
	products: Array<{ id: string; title: string; handle: string; status: string; imageUrl: string | null }>
}

export async function collectionForEdit(id: string): Promise<AdminCollection | null> {
	if (!z.uuid().safeParse(id).success) return null
	const [collection] = await db.select().from(collections).where(eq(collections.id, id))
	if (!collection) return null
	const members = await queryRows<{ id: string; title: string; handle: string; status: string; image_url: string | null }>(sql`
		select p.id, p.title, p.handle, p.status,
			(select i.url from product_images i where i.product_id = p.id order by i.position limit 1) as image_url
		from collection_products cp join products p on p.id = cp.product_id
		where cp.collection_id = ${id}::uuid
		order by cp.position, p.title, p.id`)
	return {
		id: collection.id,
		handle: collection.handle,
		title: collection.title,
		description: collection.description,
		sortOrder: collection.sortOrder as CollectionSortOrder,
		imageUrl: collection.imageUrl,
		products: members.map((m) => ({ id: m.id, title: m.title, handle: m.handle, status: m.status, imageUrl: m.image_url })),
	}
}

export async function updateCollection(id: string, fields: CollectionFields): Promise<{ ok: true } | Failure> {
	const handle = handleOf(fields)
	if (!handle) return { ok: false, errors: { handle: 'Informe um endereço com letras ou números.' } }
	try {
		const updated = await db
			.update(collections)
			.set({ title: fields.title, handle, description: fields.description, sortOrder: fields.sortOrder })
			.where(eq(collections.id, id))
			.returning({ id: collections.id })
		if (updated.length === 0) return { ok: false, errors: { form: COLLECTION_MESSAGES.notFound } }
	} catch (error) {
		if (isUniqueViolation(error)) return { ok: false, errors: { handle: COLLECTION_MESSAGES.handleTaken } }
		throw error
	}
	announce(id)
	return { ok: true }
}

/** Replaces the collection's picture (checked by its bytes; the previous file is deleted). */
export async function setCollectionImage(id: string, file: FormDataEntryValue | null): Promise<{ ok: true } | Failure> {
	const [collection] = await db.select({ imageUrl: collections.imageUrl }).from(collections).where(eq(collections.id, id))
	if (!collection) return { ok: false, errors: { form: COLLECTION_MESSAGES.notFound } }
	const saved = await saveUpload({ file, kind: 'image', bucket: 'product-images', productId: `colecao-${id}` })
	if (!saved.ok)
		return { ok: false, errors: { image: saved.error.code === 'missing' ? saved.error.message : COLLECTION_MESSAGES.imageFailed } }
	if (!['image/jpeg', 'image/png', 'image/webp'].includes(saved.upload.contentType)) {
		await deleteUpload(saved.upload.bucket, saved.upload.key)
		return { ok: false, errors: { image: COLLECTION_MESSAGES.imageFailed } }
	}
	await db.update(collections).set({ imageUrl: saved.upload.url }).where(eq(collections.id, id))
	await removeStoredFile(collection.imageUrl)
	announce(id)
	return { ok: true }
}

async function removeStoredFile(url: string | null) {
	const location = url ? parseUploadUrl(url) : null
	if (location?.bucket === 'product-images') await deleteUpload(location.bucket, location.key)
}

export async function deleteCollection(id: string): Promise<boolean> {
	const [removed] = await db.delete(collections).where(eq(collections.id, id)).returning({ imageUrl: collections.imageUrl })
	if (!removed) return false
	await removeStoredFile(removed.imageUrl)
	announce(id)
	return true
}

async function collectionExists(id: string): Promise<boolean> {
	const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, id))
	return Boolean(row)
}

/** Adds products at the end of the manual order; ones already in stay where they are. Null: no such collection. */
export async function addProductsToCollection(id: string, productIds: string[]): Promise<number | null> {
	if (!(await collectionExists(id))) return null
	const valid = productIds.filter((p) => z.uuid().safeParse(p).success)
	if (valid.length === 0) return 0
	const inserted = await db.execute(sql`
		insert into collection_products (collection_id, product_id, position)
		select ${id}::uuid, p.id,
			coalesce((select max(position) from collection_products where collection_id = ${id}::uuid), -1) + row_number() over (order by p.title, p.id)
		from products p where p.id in (${sql.join(
			valid.map((p) => sql`${p}::uuid`),
			sql`, `,
		)})
		on conflict (collection_id, product_id) do nothing`)
	announce(id)
	return (inserted as { rowCount?: number | null }).rowCount ?? 0
}

export async function removeProductFromCollection(id: string, productId: string): Promise<boolean> {
	if (!z.uuid().safeParse(productId).success || !(await collectionExists(id))) return false
	const removed = await db
		.delete(collectionProducts)
		.where(and(eq(collectionProducts.collectionId, id), eq(collectionProducts.productId, productId)))
		.returning({ productId: collectionProducts.productId })
	announce(id)
	return removed.length > 0
}

/**
 * The manual order as arranged: `productIds` first, in that order; members not listed (added
 * meanwhile in another tab) after them, in their previous order. Ids that are not members are ignored.
 */
export async function reorderCollection(id: string, productIds: string[]): Promise<boolean> {
	if (!(await collectionExists(id))) return false
	const listed = [...new Set(productIds.filter((p) => z.uuid().safeParse(p).success))]
	await db.transaction(async (tx) => {
		const members = await tx
			.select({ productId: collectionProducts.productId })
			.from(collectionProducts)
			.where(and(eq(collectionProducts.collectionId, id), listed.length ? inArray(collectionProducts.productId, listed) : undefined))
		const present = new Set(members.map((m) => m.productId))
		const ordered = listed.filter((p) => present.has(p))
		const rest = await tx
			.select({ productId: collectionProducts.productId })
			.from(collectionProducts)
			.where(and(eq(collectionProducts.collectionId, id), ordered.length ? notInArray(collectionProducts.productId, ordered) : undefined))
			.orderBy(asc(collectionProducts.position))
		for (const [position, productId] of [...ordered, ...rest.map((r) => r.productId)].entries()) {
			await tx
				.update(collectionProducts)
				.set({ position })
				.where(and(eq(collectionProducts.collectionId, id), eq(collectionProducts.productId, productId)))
		}
	})
	announce(id)
	return true
}

/** Products to add, by title or handle (the picker's search), not already members. */
export async function productsToAdd(id: string, query: string): Promise<Array<{ id: string; title: string; handle: string }>> {
	const term = query.trim().slice(0, 80)
	if (term.length < 2) return []
	const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	return db
		.select({ id: products.id, title: products.title, handle: products.handle })
		.from(products)
		.where(
			and(
				or(ilike(products.title, pattern), ilike(products.handle, pattern)),
				sql`not exists (select 1 from collection_products cp where cp.collection_id = ${id}::uuid and cp.product_id = ${products.id})`,
			),
		)
		.orderBy(asc(products.title))
		.limit(20)
}
