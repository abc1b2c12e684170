import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'

/**
 * A customer's pets (issue 10, beyond the documents): several per customer, each with the neck
 * measure the product page turns into a suggested size. Neck in millimetres (the form takes
 * centimetres with one decimal: 32,5 cm → 325).
 */
export const pets = pgTable(
	'pets',
	{
		id: uuid().primaryKey().defaultRandom(),
		userId: uuid()
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		name: text().notNull(),
		breed: text(),
		neckMm: integer(),
		birthday: date({ mode: 'string' }),
		createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('pets_user_idx').on(t.userId, t.createdAt),
		check('pets_name_length', sql`char_length(${t.name}) between 1 and 40`),
		check('pets_breed_length', sql`${t.breed} is null or char_length(${t.breed}) <= 60`),
		check('pets_neck_range', sql`${t.neckMm} is null or ${t.neckMm} between 100 and 900`),
	],
)
