/**
 * The manifest at the root of every backup archive (manifest.json): what the archive holds
 * and what the shop looked like when it was made, so that an operator can tell two backups
 * apart, and restore can check it is reading one of ours.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '~/server/db.server'

export const MANIFEST_FILE = 'manifest.json'
/** Inside the archive: PGlite's own data-directory dump, or pg_dump's custom format. */
export const PGLITE_DUMP_FILE = 'database/pglite-datadir.tar.gz' as const
export const POSTGRES_DUMP_FILE = 'database/postgres.dump' as const
export const UPLOADS_DIR = 'uploads'

export const manifestSchema = z.object({
	format: z.literal('loja-pet-backup'),
	version: z.literal(1),
	createdAt: z.iso.datetime(),
	database: z.object({
		kind: z.enum(['pglite', 'postgres']),
		file: z.enum([PGLITE_DUMP_FILE, POSTGRES_DUMP_FILE]),
		/** The last applied migration (drizzle/meta/_journal.json tag), null when unknown. */
		migration: z.string().nullable(),
	}),
	counts: z.record(z.string(), z.number().int().min(0)),
	uploads: z.object({ files: z.number().int().min(0), bytes: z.number().int().min(0) }),
	/** Where the shop kept its uploads (decision 080); absent in older backups: the local disk. */
	storage: z.enum(['local', 's3']).optional(),
})
export type Manifest = z.infer<typeof manifestSchema>

/** The tables counted in the manifest: enough to recognise a shop at a glance. */
const COUNTED_TABLES = ['orders', 'order_lines', 'products', 'users', 'coupons'] as const

export async function countRows(db: Database): Promise<Record<string, number>> {
	const counts: Record<string, number> = {}
	for (const table of COUNTED_TABLES) {
		try {
			const result = (await db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as {
				rows: Array<{ n: number }>
			}
			counts[table] = Number(result.rows[0]?.n ?? 0)
		} catch {
			// A table that an older schema did not have yet: left out rather than failing the backup.
		}
	}
	return counts
}

/** The tag of the newest migration drizzle recorded as applied, matched against the journal. */
export async function appliedMigration(db: Database): Promise<string | null> {
	try {
		const result = (await db.execute(
			sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
		)) as unknown as { rows: Array<{ created_at: string | null }> }
		const createdAt = Number(result.rows[0]?.created_at)
		const journal = JSON.parse(readFileSync(path.resolve('drizzle/meta/_journal.json'), 'utf8')) as {
			entries: Array<{ when: number; tag: string }>
		}
		return journal.entries.find((entry) => entry.when === createdAt)?.tag ?? (Number.isFinite(createdAt) ? String(createdAt) : null)
	} catch {
		return null
	}
}
