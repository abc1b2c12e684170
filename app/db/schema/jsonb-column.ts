import { customType } from 'drizzle-orm/pg-core'

/**
 * A jsonb column whose value is read back exactly as it was written (decision 069).
 *
 * Both drivers the shop runs on (node-postgres and PGlite) already decode jsonb into a
 * JavaScript value. Drizzle's own `jsonb()` then runs JSON.parse once more on any value that
 * is a string, so a stored JSON string that is itself valid JSON came back as something else:
 * the CPF PIX key "52998224725" became the number 52998224725, "true" became a boolean,
 * "null" became null. This column hands the driver's value over untouched.
 *
 * Writing: JSON text, which PostgreSQL casts to jsonb (node-postgres sends strings as text;
 * PGlite's jsonb serializer passes a string through as JSON text). Drizzle sends a JS null as
 * SQL NULL, not JSON null: a column that must hold JSON null writes `'null'::jsonb` itself.
 */
export const jsonb = customType<{ data: unknown; driverData: unknown }>({
	dataType: () => 'jsonb',
	toDriver: (value) => JSON.stringify(value),
	fromDriver: (value) => value,
})
