import type { Database } from '~/server/db.server'

// Placeholder until the demo data lands.
export async function seedDemoData(_db: Database): Promise<void> {}
