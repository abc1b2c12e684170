import { desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { getCommerce } from '~/commerce/index.server'
import type { ProductSummary } from '~/commerce/types'
import { toProductCardData, type ProductCardData } from '~/components/shop/product-card'
import { heroVideo, personalizationVideo, reviews, subscriptionCtaVideo } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { rethrowIfDatabaseUnavailable } from '~/server/database-errors.server'
import { videoAddressSchema } from '~/server/media/video-slots.server'
import { logger } from '~/server/logger.server'
import { keptUntilStoreChange } from '~/server/store-read-cache.server'
import {
	HOME_REVIEWS_LIMIT,
	HOME_ROW_PRODUCT_LIMIT,
	RECENTLY_VIEWED_LIMIT,
	SUGGESTION_COUNT,
	formatReviewDate,
	sampleItems,
	suggestionPool,
} from '~/utils/home-sections'

/*
 * The home page's reads (document 000 §2 'Home page', §7): recently viewed products,
 * suggestions, category rows, the latest approved reviews with their average, and the
 * configured videos. The catalogue is read through the commerce provider; views, reviews
 * and videos from our own tables. Each loader-facing function turns its own failure into
 * the state the page documents (§8) instead of failing the whole page.
 */

/** Whose views to read: the signed-in user, else the anonymous visitor cookie. */
export type ViewOwner = { userId: string | null; visitorId: string | null }

/** How many distinct viewed ids are read to fill the row when some are no longer on sale. */
const RECENT_IDS_READ = 50

/**
 * Handles of the owner's latest distinct viewed products still on sale, newest first (document 000
 * §7: "latest first, limit n, duplicates by product_id removed"). The current handle comes from
 * the commerce provider (decision 051: ids are the built-in uuids or the store's gids), not the
 * view's snapshot, so a renamed product still links right.
 */
export async function recentlyViewedHandles(owner: ViewOwner, limit = RECENTLY_VIEWED_LIMIT): Promise<string[]> {
	return (await recentlyViewed(owner, limit)).map((product) => product.handle)
}

async function recentlyViewed(owner: ViewOwner, limit = RECENTLY_VIEWED_LIMIT): Promise<ProductSummary[]> {
	const ownerFilter = owner.userId
		? sql`v.user_id = ${owner.userId}::uuid`
		: owner.visitorId
			? sql`v.session_id = ${owner.visitorId} and v.user_id is null`
			: null
	if (!ownerFilter) return []
	const rows = await queryRows<{ product_id: string }>(sql`
		select latest.product_id from (
			select distinct on (v.product_id) v.product_id, v.viewed_at
			from user_views v
			where ${ownerFilter}
			order by v.product_id, v.viewed_at desc
		) latest
		order by latest.viewed_at desc, latest.product_id
		limit ${RECENT_IDS_READ}`)
	if (rows.length === 0) return []
	return (await getCommerce().getProductsByIds(rows.map((row) => row.product_id))).slice(0, limit)
}

export type HomeReview = {
	id: string
	customerName: string
	rating: number
	comment: string | null
	productName: string
	/** null when the product is no longer on sale (no link then). */
	productHandle: string | null
	/** ISO 8601. */
	createdAt: string
	/** '5 de março de 2026', written by the server (no Intl in the browser while hydrating; decision 063). */
	dateLabel: string
}

/**
 * The latest approved reviews (never pending ones, decision 15), without the reviewer's e-mail;
 * the handle of a product still on sale from the commerce provider (decision 051), null when it
 * is not (or the catalogue cannot be read: the review still shows, without a link).
 */
export async function latestApprovedReviews(limit = HOME_REVIEWS_LIMIT): Promise<HomeReview[]> {
	const rows = await db
		.select({
			id: reviews.id,
			customerName: reviews.customerName,
			rating: reviews.rating,
			comment: reviews.comment,
			productName: reviews.productName,
			productId: reviews.productId,
			createdAt: reviews.createdAt,
		})
		.from(reviews)
		.where(eq(reviews.isApproved, true))
		.orderBy(desc(reviews.createdAt), desc(reviews.id))
		.limit(limit)
	// The reviews are ours: a store outage leaves them without links rather than hides them.
	const onSale = new Map(
		(
			await getCommerce()
				.getProductsByIds(rows.map((row) => row.productId))
				.catch((error: unknown) => {
					logger.error({ err: error }, 'home: avaliações sem os produtos do catálogo')
					return []
				})
		).map((p) => [p.id, p.handle]),
	)
	return rows.map(({ productId, ...row }) => ({
		...row,
		productHandle: onSale.get(productId) ?? null,
		createdAt: row.createdAt.toISOString(),
		dateLabel: formatReviewDate(row.createdAt),
	}))
}

/** Average rating and number of all approved reviews (real numbers, decision 7). */
export async function approvedReviewSummary(): Promise<{ average: number; count: number }> {
	const [row] = await db
		.select({
			count: sql<number>`count(*)::int`,
			average: sql<string | null>`avg(${reviews.rating})::text`,
		})
		.from(reviews)
		.where(eq(reviews.isApproved, true))
	const count = Number(row?.count ?? 0)
	return { count, average: count > 0 ? Number(row?.average ?? 0) : 0 }
}

export type HomeReviews = { reviews: HomeReview[]; average: number; count: number }

/**
 * The latest reviews and their summary, kept until the next store event as the catalogue's reads
 * are (decision 050): approving or deleting a review announces one (decision 058).
 */
const keptReviews = keptUntilStoreChange('home.reviews', () => Promise.all([latestApprovedReviews(), approvedReviewSummary()]))

/** document 000 §8: a reviews failure is logged only; null hides the section. */
export async function loadHomeReviews(): Promise<HomeReviews | null> {
	try {
		const [latest, summary] = await keptReviews()
		return { reviews: latest, ...summary }
	} catch (error) {
		logger.error({ err: error }, 'home: falha ao carregar avaliações')
		return null
	}
}

/**
 * `products` is what the first paint shows: the recently viewed products, or a first sample
 * of suggestions (drawn on the server, so the first paint has it). `pool` feeds suggestion
 * mode, which every shopper reaches 10 s after load (document 000 §4); it is empty when the
 * suggestions could not be read, and the recently viewed products then simply stay.
 */
export type FeaturedProducts =
	| { mode: 'recently-viewed'; products: ProductCardData[]; pool: ProductCardData[] }
	| { mode: 'suggestions'; products: ProductCardData[]; pool: ProductCardData[] }
	| { mode: 'empty' }
	| { mode: 'error' }

/**
 * The products listed to draw suggestions from: the catalogue's largest page (50, document
 * 000 §7 'up to 50 for suggestions'); internal and excluded products are dropped afterwards.
 */
const SUGGESTION_LISTING_SIZE = 50

async function recentlyViewedProducts(owner: ViewOwner): Promise<ProductCardData[]> {
	try {
		return (await recentlyViewed(owner)).map(toProductCardData)
	} catch (error) {
		// document 000 §8: recently-viewed failures are logged only; suggestions show instead.
		logger.error({ err: error }, 'home: falha ao carregar produtos vistos recentemente')
		return []
	}
}

/** The suggestion pool (document 000 §9), or null when the catalogue cannot be read (logged). */
async function suggestionPoolProducts(): Promise<ProductCardData[] | null> {
	try {
		const listing = await getCommerce().listProducts({ first: SUGGESTION_LISTING_SIZE, sortKey: 'CREATED_AT', reverse: true })
		return suggestionPool(listing.nodes).map(toProductCardData)
	} catch (error) {
		logger.error({ err: error }, 'home: falha ao carregar sugestões de produtos')
		return null
	}
}

/**
 * document 000 §2/§4: the owner's recently viewed products when there are any, otherwise a
 * first sample of suggestions; the pool comes with both, read in parallel with the views so
 * the section waits for the slower of the two, not their sum. Fails only as the documented
 * states: 'error' when the catalogue cannot be read and there are no views to show, 'empty'
 * when there is nothing to show at all.
 */
export async function loadFeaturedProducts(owner: ViewOwner, random: () => number = Math.random): Promise<FeaturedProducts> {
	const [viewed, pool] = await Promise.all([recentlyViewedProducts(owner), suggestionPoolProducts()])
	if (viewed.length > 0) return { mode: 'recently-viewed', products: viewed, pool: pool ?? [] }
	if (pool === null) return { mode: 'error' }
	if (pool.length === 0) return { mode: 'empty' }
	return { mode: 'suggestions', products: sampleItems(pool, SUGGESTION_COUNT, random), pool }
}

/**
 * The category rows' products (up to 20 each), by collection handle, read together (one
 * batched provider call, not one per row). A collection that does not exist is missing from
 * the map (§8: its row is skipped); when the catalogue fails, the map is empty and every row
 * is skipped (logged).
 */
export async function loadCategoryRows(handles: readonly string[]): Promise<Map<string, ProductCardData[]>> {
	try {
		const found = await getCommerce().getCollectionsByHandles([...handles], { first: HOME_ROW_PRODUCT_LIMIT })
		return new Map(found.map(({ collection, products }) => [collection.handle, products.map(toProductCardData)]))
	} catch (error) {
		logger.error({ err: error, handles }, 'home: falha ao carregar as categorias; linhas omitidas')
		return new Map()
	}
}

/** Real product counts by collection handle (decision 7); empty when the catalogue fails (logged). */
export async function loadCollectionCounts(): Promise<Map<string, number>> {
	try {
		const collections = await getCommerce().listCollections()
		return new Map(collections.map((c) => [c.handle, c.productCount]))
	} catch (error) {
		// Awaited by the loader (not streamed): an unreachable database makes the page a 503.
		rethrowIfDatabaseUnavailable(error)
		logger.error({ err: error }, 'home: falha ao carregar categorias')
		return new Map()
	}
}

export type HomeVideos = {
	hero: string | null
	personalization: string | null
	subscriptionCta: string | null
	/** Still frames taken from the configured videos (issue 11), painted before they play. */
	posters: { hero: string | null; personalization: string | null; subscriptionCta: string | null }
}

// A poster is an upload of ours (a path on this site), never another site's address.
const posterPathSchema = z.string().regex(/^\/uploads\/hero-videos\/[A-Za-z0-9][A-Za-z0-9._-]*$/)

async function activeVideo(
	table: typeof heroVideo | typeof personalizationVideo | typeof subscriptionCtaVideo,
): Promise<{ url: string | null; poster: string | null }> {
	const [row] = await queryRows<{ video_url: string; poster_url: string | null }>(
		sql`select video_url, poster_url from ${table} where is_active order by created_at desc limit 1`,
	)
	if (!row) return { url: null, poster: null }
	const parsed = videoAddressSchema.safeParse(row.video_url)
	if (!parsed.success) {
		logger.warn({ videoUrl: row.video_url }, 'home: endereço de vídeo inválido ignorado')
		return { url: null, poster: null }
	}
	return { url: parsed.data, poster: posterPathSchema.safeParse(row.poster_url).success ? row.poster_url : null }
}

/**
 * document 000 §3 hero_video, subscription_cta_video, personalization_video: the active
 * address of each, or null (the page then shows its still fallback; §8).
 */
const NO_VIDEOS: HomeVideos = {
	hero: null,
	personalization: null,
	subscriptionCta: null,
	posters: { hero: null, personalization: null, subscriptionCta: null },
}

/** The three slots' active videos, kept until the next store event (a slot change announces one; decision 058). */
const keptVideos = keptUntilStoreChange('home.videos', () =>
	Promise.all([activeVideo(heroVideo), activeVideo(personalizationVideo), activeVideo(subscriptionCtaVideo)]),
)

export async function loadHomeVideos(): Promise<HomeVideos> {
	try {
		const [hero, personalization, subscriptionCta] = await keptVideos()
		return {
			hero: hero.url,
			personalization: personalization.url,
			subscriptionCta: subscriptionCta.url,
			posters: { hero: hero.poster, personalization: personalization.poster, subscriptionCta: subscriptionCta.poster },
		}
	} catch (error) {
		// Awaited by the loader (not streamed): an unreachable database makes the page a 503.
		rethrowIfDatabaseUnavailable(error)
		logger.error({ err: error }, 'home: falha ao carregar vídeos; usando imagens')
		return NO_VIDEOS
	}
}
