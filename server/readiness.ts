import type { Request, Response } from 'express'
import { migrationsApplied, pingDatabase } from '~/server/db.server'
import type { StorageBackend, StorageProbe } from '~/server/storage/driver.server'

/**
 * /readyz (issue 33, decision 081): whether this server should get traffic now — the database
 * answers, the storage answers (a write on the local disk, a HEAD of the bucket on S3), and every
 * committed migration is applied (a server started with newer code than the database waits).
 * 200 when all three hold, else 503 naming what failed; /healthz stays the liveness probe (the
 * process answers; storage trouble there is reported, not a 503: decision 072).
 *
 * The checks are shared for a second: however often load balancers poll, one round a second.
 */
export type Readiness = { ready: boolean; database: boolean; storage: boolean; migrations: boolean; detail?: string }

export function readinessCheck(storage: () => StorageBackend, options: { maxAgeMs?: number; now?: () => number } = {}) {
	const maxAgeMs = options.maxAgeMs ?? 1000
	const now = options.now ?? Date.now
	let last: { at: number; result: Readiness } | null = null
	let running: Promise<Readiness> | null = null

	async function check(): Promise<Readiness> {
		const [database, probe] = await Promise.all([
			pingDatabase(),
			storage()
				.check()
				.catch((error: unknown): StorageProbe => ({ ok: false, code: 'erro', detail: String(error) })),
		])
		const migrations = database ? await migrationsApplied().catch(() => null) : null
		const result: Readiness = {
			ready: database && probe.ok && migrations?.ok === true,
			database,
			storage: probe.ok,
			migrations: migrations?.ok === true,
		}
		if (!probe.ok) result.detail = `armazenamento: ${probe.code}`
		else if (database && !migrations?.ok) result.detail = `migrações: ${migrations?.applied ?? '?'} de ${migrations?.expected ?? '?'} aplicadas`
		return result
	}

	async function current(): Promise<Readiness> {
		if (last && now() - last.at < maxAgeMs) return last.result
		running ??= check()
			.then((result) => {
				last = { at: now(), result }
				return result
			})
			.finally(() => {
				running = null
			})
		return running
	}

	return async (_req: Request, res: Response) => {
		const result = await current()
		res
			.status(result.ready ? 200 : 503)
			.setHeader('Cache-Control', 'no-store')
			.json({ status: result.ready ? 'pronto' : 'indisponível', ...result })
	}
}
