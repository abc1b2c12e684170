import { sql } from 'drizzle-orm'
import { bigint, check, index, inet, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { jsonb } from './jsonb-column'

/**
 * The back-office activity log (issue 30, decision 095): who changed what, when, from which
 * address. Rows are written only by recordActivity (app/server/activity/record.server.ts), in
 * the same transaction as the change; nothing updates them (a trigger refuses it, except the
 * foreign keys' ON DELETE SET NULL) and only the retention purge deletes them.
 */
export const ACTIVITY_KINDS = [
	'price',
	'stock',
	'settings',
	'order_status',
	'refund',
	'role',
	'review',
	'photo',
	'return_request',
	// Issue 30, the rest of the back-office: products created and deleted, coupons, loyalty levels and badges.
	'product',
	'coupon',
	'loyalty',
] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

export const ACTIVITY_SUBJECT_TYPES = [
	'product',
	'variant',
	'personalization',
	'settings',
	'order',
	'user',
	'review',
	'photo',
	'coupon',
	'loyalty_levels',
	'badge',
] as const
export type ActivitySubjectType = (typeof ACTIVITY_SUBJECT_TYPES)[number]

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

export const activityLog = pgTable(
	'activity_log',
	{
		id: uuid().primaryKey().defaultRandom(),
		/** Insertion order: entries written in the same instant (one transaction) keep the order they were made in. */
		seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
		/** The admin; null for the shop itself (a payment provider's confirmation, the expiry job). */
		actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
		/** The admin's e-mail when it happened: the entry still names them after the account is gone. */
		actorEmail: text(),
		/** The client address the server resolved (IPv4 or IPv6); null when unknown or for the shop itself. */
		ip: inet(),
		kind: text().$type<ActivityKind>().notNull(),
		subjectType: text().$type<ActivitySubjectType>().notNull(),
		/** The changed record's id (a uuid, or the settings' key), when it has one. */
		subjectId: text(),
		/** What a person reads: 'Bandana Xadrez — P', 'Pedido PET-AB12CD'. */
		subjectLabel: text().notNull(),
		/** The customer whose data the change concerns (their order, review, photo, role): the LGPD export reads it. */
		subjectUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
		/** Only the fields that changed, as they were and as they became (null: the record did not exist / no longer exists). */
		before: jsonb(),
		after: jsonb(),
	},
	(t) => [
		index('activity_log_created_idx').on(t.createdAt.desc(), t.seq.desc()),
		index('activity_log_kind_idx').on(t.kind, t.createdAt.desc(), t.seq.desc()),
		index('activity_log_actor_idx').on(t.actorId, t.createdAt.desc(), t.seq.desc()),
		index('activity_log_subject_user_idx').on(t.subjectUserId),
		check('activity_log_kind_valid', sql`${t.kind} in (${inList(ACTIVITY_KINDS)})`),
		check('activity_log_subject_type_valid', sql`${t.subjectType} in (${inList(ACTIVITY_SUBJECT_TYPES)})`),
	],
)
