import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	index,
	integer,
	pgTable,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'
import { users } from './auth'

/**
 * document 001 §3 user_gamification: the per-user summary the account pages read.
 * The loyalty module keeps it in step with points_history and loyalty_levels.
 */
export const userGamification = pgTable(
	'user_gamification',
	{
		userId: uuid()
			.primaryKey()
			.references(() => users.id, { onDelete: 'cascade' }),
		level: integer().notNull().default(1),
		currentLevelPoints: integer().notNull().default(0),
		/** Points the current level spans (progress = current_level_points / this); 0 at the top level. */
		pointsToNextLevel: integer().notNull().default(0),
		totalPoints: integer().notNull().default(0),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		check('user_gamification_level_positive', sql`${t.level} >= 1`),
		check('user_gamification_points_to_next_nonnegative', sql`${t.pointsToNextLevel} >= 0`),
	],
)

/**
 * Action types of document 001 §3 plus the first-favourite bonus, admin corrections and the
 * negative entry that takes a cancelled order's purchase points back (decision 20).
 */
export const POINTS_ACTION_TYPES = [
	'purchase',
	'purchase_reversal',
	'photo_upload',
	'photo_approved',
	'review',
	'referral',
	'signup',
	'first_favorite',
	'badge',
	'adjustment',
] as const

/**
 * document 001 §3 points_history. event_key makes every award happen once per event
 * (decision 14): e.g. 'first_favorite:{userId}', 'purchase:{orderId}',
 * 'photo_approved:{photoId}'. A second insert with the same key fails; award with
 * ON CONFLICT DO NOTHING and add to the totals only when a row was written.
 */
export const pointsHistory = pgTable(
	'points_history',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		actionType: text().notNull(),
		description: text().notNull(),
		points: integer().notNull(),
		eventKey: text(),
		// clock_timestamp(), not now(): an event and the badge it earned are written in one
		// transaction, and the history lists them in the order they happened.
		createdAt: timestamp({ withTimezone: true })
			.notNull()
			.default(sql`clock_timestamp()`),
	},
	(t) => [
		uniqueIndex('points_history_event_key_unique').on(t.eventKey),
		index('points_history_user_created_idx').on(t.userId, t.createdAt.desc()),
	],
)

/** document 001 §3/§9: badge tiers, in ascending order. */
export const BADGE_TIERS = ['bronze', 'prata', 'ouro', 'diamante'] as const
export type BadgeTier = (typeof BADGE_TIERS)[number]

/**
 * What a badge rule counts. A user earns the badge when the count reaches rule_threshold.
 * total_points: points ever earned; orders_paid: paid orders; photos_approved,
 * reviews_approved: approved contributions; referrals_paid: referred friends whose first
 * order was paid; favorites: products favourited.
 */
export const BADGE_RULE_TYPES = [
	'total_points',
	'orders_paid',
	'photos_approved',
	'reviews_approved',
	'referrals_paid',
	'favorites',
] as const
export type BadgeRuleType = (typeof BADGE_RULE_TYPES)[number]

/** document 001 §3 badges, with a machine-readable rule (decision 14: editable by the admin). */
export const badges = pgTable(
	'badges',
	{
		id: uuid().primaryKey().defaultRandom(),
		name: text().notNull(),
		description: text().notNull().default(''),
		/** An emoji shown on the badge card. */
		icon: text().notNull().default('🏅'),
		isActive: boolean().notNull().default(true),
		badgeTier: text().$type<BadgeTier>().notNull(),
		/**
		 * 1 bronze … 4 diamante: 'ordered by badge_tier ascending' means this order, which the
		 * tier names do not sort into alphabetically.
		 */
		tierRank: integer()
			.notNull()
			.generatedAlwaysAs(
				sql`case badge_tier when 'bronze' then 1 when 'prata' then 2 when 'ouro' then 3 when 'diamante' then 4 end`,
			),
		pointsReward: integer().notNull().default(0),
		ruleType: text().$type<BadgeRuleType>().notNull(),
		ruleThreshold: integer().notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('badges_name_unique').on(t.name),
		index('badges_active_tier_idx').on(t.isActive, t.tierRank),
		check('badges_tier_valid', sql`${t.badgeTier} in ('bronze', 'prata', 'ouro', 'diamante')`),
		check(
			'badges_rule_type_valid',
			sql`${t.ruleType} in ('total_points', 'orders_paid', 'photos_approved', 'reviews_approved', 'referrals_paid', 'favorites')`,
		),
		check('badges_rule_threshold_positive', sql`${t.ruleThreshold} >= 1`),
		check('badges_points_reward_nonnegative', sql`${t.pointsReward} >= 0`),
	],
)

/** document 001 §3 user_badges: a badge is earned when its row exists. */
export const userBadges = pgTable(
	'user_badges',
	{
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		badgeId: uuid()
			.notNull()
			.references(() => badges.id, { onDelete: 'cascade' }),
		earnedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		/** When the customer was shown the 'Nova conquista' toast; null until their next page. */
		announcedAt: timestamp({ withTimezone: true }),
	},
	(t) => [primaryKey({ columns: [t.userId, t.badgeId] }), index('user_badges_user_earned_idx').on(t.userId, t.earnedAt.desc())],
)

/** Level thresholds (decision 14: documented, seeded, editable by the admin). Level 1 starts at 0. */
export const loyaltyLevels = pgTable(
	'loyalty_levels',
	{
		level: integer().primaryKey(),
		name: text().notNull(),
		minPoints: integer().notNull(),
	},
	(t) => [
		uniqueIndex('loyalty_levels_min_points_unique').on(t.minPoints),
		check('loyalty_levels_level_positive', sql`${t.level} >= 1`),
		check('loyalty_levels_min_points_nonnegative', sql`${t.minPoints} >= 0`),
		check('loyalty_levels_first_starts_at_zero', sql`${t.level} <> 1 or ${t.minPoints} = 0`),
	],
)

/** document 001 §3 user_photos: customer photos, public only once approved (decision 12). */
export const userPhotos = pgTable(
	'user_photos',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		photoUrl: text().notNull(),
		caption: text(),
		isApproved: boolean().notNull().default(false),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('user_photos_user_created_idx').on(t.userId, t.createdAt.desc()),
		index('user_photos_approved_created_idx').on(t.isApproved, t.createdAt.desc()),
	],
)
