import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/** Accounts. E-mail is stored lower-cased; the unique index is the one source of truth. */
export const users = pgTable(
	'users',
	{
		id: uuid().primaryKey().defaultRandom(),
		email: text().notNull(),
		passwordHash: text().notNull(),
		emailVerifiedAt: timestamp({ withTimezone: true }),
		/** The customer's share code (`/auth?ref=CODE`, issue 10), made the first time it is shown. */
		referralCode: text(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('users_email_unique').on(t.email),
		uniqueIndex('users_referral_code_unique').on(t.referralCode),
		// /admin/users lists the newest accounts first, 50 a page (issue 10).
		index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
		check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
	],
)

/**
 * Database sessions. The cookie holds a random token; only its SHA-256 is stored, so a
 * copy of this table cannot be replayed as cookies.
 */
export const sessions = pgTable(
	'sessions',
	{
		id: uuid().primaryKey().defaultRandom(),
		tokenHash: text().notNull(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		expiresAt: timestamp({ withTimezone: true }).notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		userAgent: text(),
		ip: text(),
	},
	(t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
)

/** document 001 §3: user_roles(user_id, role). 'admin' grants the back-office. */
export const userRoles = pgTable(
	'user_roles',
	{
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		role: text().notNull(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role_valid', sql`${t.role} in ('admin', 'customer')`)],
)

/** document 001 §3: user_profiles, with the pet fields and the checkout contact fields. */
export const userProfiles = pgTable('user_profiles', {
	userId: uuid()
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	fullName: text(),
	petName: text(),
	petBreed: text(),
	phone: text(),
	instagramHandle: text(),
	cpf: text(),
	/** Who referred this customer (referral points are paid on their first paid order). */
	referredByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
	updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
},
	// The referrer's 'referrals_paid' badge count and the admin's view of who they brought.
	(t) => [index('user_profiles_referred_by_idx').on(t.referredByUserId)],
)

/** One-time tokens for e-mail confirmation, password reset and e-mail change (hash stored, never the token). */
export const verificationTokens = pgTable(
	'verification_tokens',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		purpose: text().notNull(),
		tokenHash: text().notNull(),
		/** 'change_email' tokens: the address the customer asked to change to (issue 10). */
		newEmail: text(),
		expiresAt: timestamp({ withTimezone: true }).notNull(),
		usedAt: timestamp({ withTimezone: true }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('verification_tokens_hash_unique').on(t.tokenHash),
		check('verification_tokens_purpose_valid', sql`${t.purpose} in ('confirm_email', 'reset_password', 'change_email')`),
	],
)

/**
 * Fixed-window counters for rate limits (sign-in per account and per address, chat,
 * reviews). In the database so that several app servers share one budget.
 */
export const rateLimits = pgTable(
	'rate_limits',
	{
		key: text().notNull(),
		windowStart: timestamp({ withTimezone: true }).notNull(),
		count: integer().notNull().default(0),
	},
	(t) => [primaryKey({ columns: [t.key, t.windowStart] })],
)
