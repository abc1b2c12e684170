// Runs on both databases (decision 130): its subject is how each driver stores and reads jsonb.
import { eq, getTableColumns, is, sql } from 'drizzle-orm'
import { PgCustomColumn, PgTable } from 'drizzle-orm/pg-core'
import { beforeEach, describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import * as schema from '~/db/schema'
import { productVariants, storeSettings } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'

/**
 * Issue 28, defect 3 (decision 069): a jsonb value comes back from the database as it was
 * written, on PGlite and on PostgreSQL (TEST_DATABASE_URL). Drizzle's own jsonb() parsed the
 * drivers' already-decoded strings a second time: "52998224725" came back as a number.
 */
withTestDatabase()

/** Values that are JSON strings whose text is itself JSON, and their neighbours. */
const TRICKY_VALUES: unknown[] = [
	'52998224725', // a CPF PIX key
	'11222333000181', // a CNPJ
	'5511987654321', // a WhatsApp number
	'007', // leading zero: JSON.parse would fail, kept anyway
	'1e3',
	'-1',
	'true',
	'null',
	'"aspas"',
	'{"a":1}',
	'[1,2]',
	' 42 ',
	'São Paulo 🐶',
	'',
	42,
	0,
	true,
	null,
	['12', '{"b":2}'],
	{ nested: '123', list: ['true'] },
]

beforeEach(async () => {
	await db.delete(storeSettings)
})

describe('jsonb columns', () => {
	test('every jsonb column of the schema uses the column that does not parse twice', () => {
		const jsonbColumns: string[] = []
		for (const table of Object.values(schema)) {
			if (!is(table, PgTable)) continue
			for (const [name, column] of Object.entries(getTableColumns(table))) {
				if (column.getSQLType() !== 'jsonb') continue
				jsonbColumns.push(name)
				// Drizzle's PgJsonb re-parses strings; only the custom column (jsonb-column.ts) is safe.
				expect(is(column, PgCustomColumn), name).toBe(true)
				expect(column.mapFromDriverValue('52998224725'), name).toBe('52998224725')
			}
		}
		// store_settings.value, product_variants.selected_options, cart_lines.attributes,
		// remote_cart_lines.attributes, order_lines.selected_options and order_lines.attributes.
		expect(jsonbColumns.length).toBeGreaterThanOrEqual(6)
	})

	test('a value written through Drizzle reads back identical', async () => {
		await db.insert(storeSettings).values(TRICKY_VALUES.filter((v) => v !== null).map((value, i) => ({ key: `k${i}`, value })))
		const rows = await db.select({ key: storeSettings.key, value: storeSettings.value }).from(storeSettings)
		const read = new Map(rows.map((r) => [r.key, r.value]))
		TRICKY_VALUES.filter((v) => v !== null).forEach((value, i) => expect(read.get(`k${i}`), JSON.stringify(value)).toEqual(value))
	})

	test('rows written as JSON text with ::jsonb (how settings were always saved) read back identical', async () => {
		for (const [i, value] of TRICKY_VALUES.entries()) {
			await db.execute(sql`insert into store_settings (key, value) values (${`k${i}`}, ${JSON.stringify(value)}::jsonb)`)
		}
		const rows = await db.select({ key: storeSettings.key, value: storeSettings.value }).from(storeSettings)
		const read = new Map(rows.map((r) => [r.key, r.value]))
		TRICKY_VALUES.forEach((value, i) => expect(read.get(`k${i}`), JSON.stringify(value)).toEqual(value))
		// And the database holds JSON strings, not numbers: nothing to migrate.
		const [cpf] = await queryRows<{ type: string }>(sql`select jsonb_typeof(value) as type from store_settings where key = 'k0'`)
		expect(cpf?.type).toBe('string')
	})

	test('an array column keeps digit and JSON-looking strings inside it', async () => {
		const selectedOptions = [
			{ name: 'Tamanho', value: '10' },
			{ name: 'Cor', value: 'true' },
			{ name: 'Nome', value: '{"pet":"Rex"}' },
		]
		const { variant } = await createProduct({ variants: [{ selectedOptions }] })
		const [row] = await db.select({ selectedOptions: productVariants.selectedOptions }).from(productVariants).where(eq(productVariants.id, variant.id))
		expect(row?.selectedOptions).toEqual(selectedOptions)
	})
})
