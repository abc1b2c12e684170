import { and, asc, desc, eq } from 'drizzle-orm'
import { getCommerce } from '~/commerce/index.server'
import type { ProductSummary } from '~/commerce/types'
import { userFavorites } from '~/db/schema'
import { db } from '~/server/db.server'
import { favoritesChannel } from '~/server/event-channels.server'
import { publish } from '~/server/events.server'
import { evaluateBadges } from '~/server/loyalty/badges.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { getStoreSettings } from '~/server/settings.server'

/**
 * Favourites (document 000 §3, §4, §7; 001 'Meus Favoritos'). Only signed-in people have
 * them; the caller passes the user id from the session, never from the browser. Every
 * change is announced on `favorites:{userId}` so the person's other tabs and devices refetch.
 */

/** Decision 14: the first product ever favourited earns points (5 by default), once per person. */
export const FIRST_FAVORITE_ACTION = 'first_favorite'
export const FIRST_FAVORITE_DESCRIPTION = 'Primeiro produto favoritado'

/** The catalogue fields favourites and views keep a copy of (document 000 §3). */
export type ProductSnapshot = {
	productId: string
	productTitle: string
	productHandle: string
	productImageUrl: string | null
	/** The product's lowest variant price, as its card shows. */
	productPriceCents: number
}

/**
 * A product on sale's snapshot, looked up by id or handle through the commerce provider
 * (decision 051: the built-in catalogue or the hosted store), or null. The title, image and price
 * always come from there: the browser only names the product.
 */
export async function loadProductSnapshot(by: { id: string } | { handle: string }): Promise<ProductSnapshot | null> {
	const commerce = getCommerce()
	const [product] = 'id' in by ? await commerce.getProductsByIds([by.id]) : await commerce.getProductsByHandles([by.handle])
	return product ? snapshotOf(product) : null
}

export function snapshotOf(product: ProductSummary): ProductSnapshot {
	return {
		productId: product.id,
		productTitle: product.title,
		productHandle: product.handle,
		productImageUrl: product.images[0]?.url ?? null,
		productPriceCents: product.priceRange.minVariantPrice.amountCents,
	}
}

export type FavoriteChange =
	{ ok: true; favorite: boolean; productTitle: string; pointsAwarded: number } | { ok: false; reason: 'product_not_found' }

/**
 * Adds a product to the person's favourites (idempotent: adding twice keeps one row). The
 * first favourite ever earns the settings' first-favourite points; the event key makes that
 * once per person even if they remove it and favourite again, or two tabs race. Every new
 * favourite may reach a 'favorites' badge.
 */
export async function addFavorite(userId: string, productId: string): Promise<FavoriteChange> {
	const snapshot = await loadProductSnapshot({ id: productId })
	if (!snapshot) return { ok: false, reason: 'product_not_found' }
	const points = (await getStoreSettings()).loyaltyPoints.firstFavorite
	const pointsAwarded = await db.transaction(async (tx) => {
		const inserted = await tx
			.insert(userFavorites)
			.values({ userId, ...snapshot })
			.onConflictDoNothing({ target: [userFavorites.userId, userFavorites.productId] })
			.returning({ id: userFavorites.id })
		if (inserted.length === 0) return 0
		const awarded = await awardPointsOnce(tx, {
			userId,
			actionType: FIRST_FAVORITE_ACTION,
			description: FIRST_FAVORITE_DESCRIPTION,
			points,
			eventKey: `${FIRST_FAVORITE_ACTION}:${userId}`,
		})
		// Evaluated even when no points were awarded (only the first favourite earns them).
		if (!awarded) await evaluateBadges(tx, userId)
		return awarded ? points : 0
	})
	// Also how a badge earned here reaches the customer's tabs: they revalidate, and the root
	// loader announces it.
	await publish(favoritesChannel(userId), { type: 'changed', id: productId })
	return { ok: true, favorite: true, productTitle: snapshot.productTitle, pointsAwarded }
}

/** Removes a product from the person's favourites (removing one that is not there is fine). */
export async function removeFavorite(userId: string, productId: string): Promise<FavoriteChange> {
	const [removed] = await db
		.delete(userFavorites)
		.where(and(eq(userFavorites.userId, userId), eq(userFavorites.productId, productId)))
		.returning({ productTitle: userFavorites.productTitle })
	let productTitle = removed?.productTitle
	if (!productTitle) {
		const snapshot = await loadProductSnapshot({ id: productId })
		if (!snapshot) return { ok: false, reason: 'product_not_found' }
		productTitle = snapshot.productTitle
	}
	if (removed) await publish(favoritesChannel(userId), { type: 'changed', id: productId })
	return { ok: true, favorite: false, productTitle, pointsAwarded: 0 }
}

/** The ids of everything the person favourited (the hearts on product cards). */
export async function listFavoriteProductIds(userId: string): Promise<string[]> {
	const rows = await db
		.select({ productId: userFavorites.productId })
		.from(userFavorites)
		.where(eq(userFavorites.userId, userId))
		.orderBy(desc(userFavorites.createdAt), asc(userFavorites.productId))
	return rows.map((row) => row.productId)
}

export type FavoriteItem = ProductSnapshot & { id: string; createdAt: string }

/** The person's favourites, newest first, as stored (document 001 'Meus Favoritos'). */
export async function listFavorites(userId: string): Promise<FavoriteItem[]> {
	const rows = await db
		.select({
			id: userFavorites.id,
			productId: userFavorites.productId,
			productTitle: userFavorites.productTitle,
			productHandle: userFavorites.productHandle,
			productImageUrl: userFavorites.productImageUrl,
			productPriceCents: userFavorites.productPriceCents,
			createdAt: userFavorites.createdAt,
		})
		.from(userFavorites)
		.where(eq(userFavorites.userId, userId))
		.orderBy(desc(userFavorites.createdAt), asc(userFavorites.id))
	return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}
