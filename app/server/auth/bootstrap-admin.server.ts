import type { Env } from '~/server/env.server'

// Placeholder until the auth module lands: creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD.
export async function ensureAdmin(_env: Env): Promise<void> {}
