import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { orders } from './orders'

/** What a personalization row is for: document 001 uses 'bandana' and otherwise collar. */
export const PERSONALIZATION_PRODUCT_TYPES = ['bandana', 'collar'] as const
export type PersonalizationProductType = (typeof PERSONALIZATION_PRODUCT_TYPES)[number]

/** document 001 §3 color_options: the colours offered for personalized bandanas and collars. */
export const colorOptions = pgTable(
	'color_options',
	{
		id: uuid().primaryKey().defaultRandom(),
		name: text().notNull(),
		hexCode: text().notNull(),
		/** Checkered ('Xadrez') fabric: shown with a pattern swatch, typed 'Xadrez' in the admin. */
		isPattern: boolean().notNull().default(false),
		productType: text().$type<PersonalizationProductType>().notNull(),
		displayOrder: integer().notNull().default(0),
		isActive: boolean().notNull().default(true),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('color_options_type_order_idx').on(t.productType, t.displayOrder),
		check('color_options_hex_format', sql`${t.hexCode} ~ '^#[0-9A-Fa-f]{6}$'`),
		check('color_options_product_type_valid', sql`${t.productType} in ('bandana', 'collar')`),
		check('color_options_name_present', sql`char_length(btrim(${t.name})) > 0`),
	],
)

/**
 * The stable keys of the personalization extras (document 001 §9). Code refers to an
 * extra by key; the admin edits name and price.
 */
export const PERSONALIZATION_ITEM_KEYS = [
	'pet_name',
	'instagram',
	'extensor',
	'extra_button',
	'perfume',
	'pet_face',
	'exclusive_art',
] as const
export type PersonalizationItemKey = (typeof PERSONALIZATION_ITEM_KEYS)[number]

/** document 001 §3 personalization_items: the priced extras, each sold through an add-on product. */
export const personalizationItems = pgTable(
	'personalization_items',
	{
		id: uuid().primaryKey().defaultRandom(),
		key: text().$type<PersonalizationItemKey>().notNull(),
		itemName: text().notNull(),
		priceCents: integer().notNull(),
		productType: text().$type<PersonalizationProductType>().notNull(),
		displayOrder: integer().notNull().default(0),
		/** The catalogue product added to the cart for this extra (document 001 §9: fixed handles). */
		addonProductHandle: text(),
	},
	(t) => [
		uniqueIndex('personalization_items_type_key_unique').on(t.productType, t.key),
		index('personalization_items_type_order_idx').on(t.productType, t.displayOrder),
		check('personalization_items_price_nonnegative', sql`${t.priceCents} >= 0`),
		check('personalization_items_product_type_valid', sql`${t.productType} in ('bandana', 'collar')`),
	],
)

/**
 * document 001 §3 personalization_settings: loose settings of the personalization and
 * wholesale pages, e.g. ('wholesale_bandana', 'side_name_cents') = '100'. Money values are integer
 * cents written as text; PERSONALIZATION_SETTINGS names the known ones.
 */
export const personalizationSettings = pgTable(
	'personalization_settings',
	{
		id: uuid().primaryKey().defaultRandom(),
		settingType: text().notNull(),
		settingKey: text().notNull(),
		settingValue: text().notNull(),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('personalization_settings_type_key_unique').on(t.settingType, t.settingKey)],
)

/** The settings rows the code reads, with the type/key pair that identifies each. */
export const PERSONALIZATION_SETTINGS = {
	// The collar's 'Preço base' is no setting: it is the base product's price (decision 134).
	/** document 001 §9: wholesale bandana extra button, +R$ 0,50 per unit. */
	wholesaleExtraButtonCents: { settingType: 'wholesale_bandana', settingKey: 'extra_button_cents' },
	/** document 001 §9: wholesale bandana custom side name, +R$ 1,00 per unit. */
	wholesaleSideNameCents: { settingType: 'wholesale_bandana', settingKey: 'side_name_cents' },
} as const

/**
 * document 001 §3 personalization_orders: what a visitor personalized, saved at
 * add-to-cart time. order_id links it to the built-in order once one is placed;
 * shopify_checkout_url is used only with the optional hosted-storefront provider.
 */
export const personalizationOrders = pgTable(
	'personalization_orders',
	{
		id: uuid().primaryKey().defaultRandom(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		sessionId: text(),
		userId: uuid().references(() => users.id, { onDelete: 'set null' }),
		productType: text().$type<PersonalizationProductType>().notNull(),
		selectedColor: text(),
		petName: text(),
		petInstagram: text(),
		/** The provider's product id as text (decision 051); a deleted built-in product sets it null. */
		selectedArtProductId: text(),
		selectedArtProductTitle: text(),
		/** Collar personalization: the chosen accessory product, if any. */
		selectedAccessoryProductId: text(),
		selectedAccessoryProductTitle: text(),
		/** Collars are ordered in quantity (min 10); bandanas are one per order. */
		quantity: integer().notNull().default(1),
		petFaceFileUrl: text(),
		exclusiveArtFileUrl: text(),
		includeExtensor: boolean().notNull().default(false),
		includeExtraButton: boolean().notNull().default(false),
		includePerfume: boolean().notNull().default(false),
		includeRosto: boolean().notNull().default(false),
		totalPriceCents: integer().notNull(),
		orderCompleted: boolean().notNull().default(false),
		orderCompletedAt: timestamp({ withTimezone: true }),
		/**
		 * Issue 30 (decision 090): when the owner started producing the piece ('Em produção').
		 * The production stage is derived: not started 'Na fila', started 'Em produção',
		 * completed (order_completed, document 001 §4) 'Pronto', then the shop order's 'Enviado'.
		 */
		productionStartedAt: timestamp({ withTimezone: true }),
		adminNotes: text(),
		shopifyCheckoutUrl: text(),
		/** Ordered on /atacado (quantity tiers, logo or design, side name) rather than /personalize. */
		wholesale: boolean().notNull().default(false),
		/** Wholesale bandanas: the custom side name (document 001 §9, at most 20 characters). */
		sideName: text(),
		/** Wholesale bandanas: the uploaded company logo or design (private bucket). */
		designFileUrl: text(),
		orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
	},
	(t) => [
		index('personalization_orders_user_created_idx').on(t.userId, t.createdAt.desc()),
		index('personalization_orders_created_idx').on(t.createdAt.desc()),
		index('personalization_orders_order_idx').on(t.orderId),
		check('personalization_orders_product_type_valid', sql`${t.productType} in ('bandana', 'collar')`),
		check('personalization_orders_total_nonnegative', sql`${t.totalPriceCents} >= 0`),
		check('personalization_orders_quantity_positive', sql`${t.quantity} >= 1`),
		check('personalization_orders_side_name_length', sql`${t.sideName} is null or char_length(${t.sideName}) <= 20`),
		check('personalization_orders_pet_name_length', sql`${t.petName} is null or char_length(${t.petName}) <= 20`),
		check('personalization_orders_pet_instagram_length', sql`${t.petInstagram} is null or char_length(${t.petInstagram}) <= 30`),
		// document 001 §4: completed ⇔ completion time set (cleared when back to pending).
		check('personalization_orders_completed_at_consistent', sql`${t.orderCompleted} = (${t.orderCompletedAt} is not null)`),
		// Decision 090: a piece is ready ('Pronto') only after its production started.
		check('personalization_orders_completed_after_start', sql`not ${t.orderCompleted} or ${t.productionStartedAt} is not null`),
	],
)

/**
 * Who uploaded each personalization file (issue 28): the browser session (visitor cookie) and,
 * when signed in, the account. The file's key is random and says nothing about its owner; only
 * this row lets the uploader see its preview and put the file in an order. Files uploaded before
 * this table keep their owner from the orders that name them (drizzle/0010: the account only).
 */
export const personalizationFiles = pgTable(
	'personalization_files',
	{
		/** The key in the 'personalizacao-arquivos' bucket. */
		key: text().primaryKey(),
		visitorId: text(),
		userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('personalization_files_user_idx').on(t.userId),
		check('personalization_files_has_owner', sql`${t.visitorId} is not null or ${t.userId} is not null`),
	],
)
