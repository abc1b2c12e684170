import { sql } from 'drizzle-orm'
import { getConnection, queryRows } from '~/server/db.server'
import { logger as defaultLogger } from '~/server/logger.server'
import { shopMetrics } from '~/server/metrics/registry.server'

/**
 * A small in-process job runner (decision 20): named jobs, each run every `intervalMs`.
 *
 * - One run at a time per job and process: the next run is scheduled when the previous one
 *   ends (setTimeout, not setInterval), so a slow run never piles up behind itself.
 * - One run at a time across app servers: on PostgreSQL a run first takes the transaction
 *   advisory lock of its job name (pg_try_advisory_xact_lock); a server that does not get it
 *   skips this turn. The lock goes with the transaction, so a crashed server cannot keep it.
 *   The embedded database (PGlite) has one process by construction: no lock needed.
 * - A failing run is logged through pino and retried at the next interval; it never throws
 *   out of the timer, so it cannot take the process down.
 * - Timers are unref()ed (a pending job never keeps the process alive) and stop() cancels
 *   them and waits for the runs in progress, before the database is closed.
 */

export type JobDefinition = {
	/** Also the lock's name: the same job on every server shares one lock. */
	name: string
	intervalMs: number
	/** Delay before the first run (default: a few seconds, so start-up is not slowed down). */
	firstRunDelayMs?: number
	run: () => Promise<unknown>
}

type JobLogger = Pick<typeof defaultLogger, 'error' | 'debug'>

/** setTimeout's ceiling: a longer delay fires after 1 ms (Node's TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2 ** 31 - 1
/** First key of the two-key advisory lock form: our jobs' namespace (migrations use the one-key form). */
const JOB_LOCK_NAMESPACE = 727275

export type RunOutcome = 'ran' | 'failed' | 'skipped'

export class JobRunner {
	private readonly jobs = new Map<string, JobDefinition>()
	private readonly timers = new Map<string, NodeJS.Timeout>()
	private readonly running = new Map<string, Promise<RunOutcome>>()
	private started = false

	constructor(private readonly log: JobLogger = defaultLogger) {}

	register(job: JobDefinition): void {
		if (this.jobs.has(job.name)) throw new Error(`Tarefa registrada duas vezes: ${job.name}`)
		for (const [label, ms] of [
			['intervalMs', job.intervalMs],
			['firstRunDelayMs', job.firstRunDelayMs ?? 0],
		] as const) {
			if (!Number.isInteger(ms) || ms < 0 || ms > MAX_TIMER_MS || (label === 'intervalMs' && ms === 0)) {
				throw new RangeError(`Tarefa ${job.name}: ${label} deve ser um inteiro entre 1 e ${MAX_TIMER_MS} ms.`)
			}
		}
		this.jobs.set(job.name, job)
		if (this.started) this.schedule(job, job.firstRunDelayMs ?? defaultFirstDelay(job))
	}

	start(): void {
		if (this.started) return
		this.started = true
		for (const job of this.jobs.values()) this.schedule(job, job.firstRunDelayMs ?? defaultFirstDelay(job))
	}

	/** Cancels the pending timers and waits for the runs in progress. */
	async stop(): Promise<void> {
		this.started = false
		for (const timer of this.timers.values()) clearTimeout(timer)
		this.timers.clear()
		await Promise.allSettled(this.running.values())
	}

	/**
	 * Runs one job now (under its lock) and says what happened. Used by the timers and by tests;
	 * a run of the same job already in progress in this process is joined, not doubled.
	 */
	runNow(name: string): Promise<RunOutcome> {
		return this.begin(name, false)
	}

	/**
	 * What a timer does: the same run, skipped when any server started this job less than its
	 * interval ago (job_runs, decision 123), so N servers run each job once per interval, not N times.
	 */
	runScheduled(name: string): Promise<RunOutcome> {
		return this.begin(name, true)
	}

	private begin(name: string, scheduled: boolean): Promise<RunOutcome> {
		const job = this.jobs.get(name)
		if (!job) return Promise.reject(new Error(`Tarefa desconhecida: ${name}`))
		const inFlight = this.running.get(name)
		if (inFlight) return inFlight
		const run = this.runOnce(job, scheduled).finally(() => this.running.delete(name))
		this.running.set(name, run)
		return run
	}

	private schedule(job: JobDefinition, delayMs: number): void {
		const timer = setTimeout(() => {
			this.timers.delete(job.name)
			void this.runScheduled(job.name).then(() => {
				if (this.started) this.schedule(job, job.intervalMs)
			})
		}, delayMs)
		timer.unref()
		this.timers.set(job.name, timer)
	}

	private async runOnce(job: JobDefinition, scheduled: boolean): Promise<RunOutcome> {
		const started = Date.now()
		const outcome = await this.runAndLog(job, started, scheduled)
		// /metrics (decision 081): every run, its failures, and how long the ones that ran took.
		const metrics = shopMetrics()
		metrics.jobRuns.inc({ job: job.name, outcome })
		if (outcome === 'failed') metrics.jobFailures.inc({ job: job.name })
		if (outcome !== 'skipped') metrics.jobDuration.observe({ job: job.name }, (Date.now() - started) / 1000)
		return outcome
	}

	private async runAndLog(job: JobDefinition, started: number, scheduled: boolean): Promise<RunOutcome> {
		try {
			// A little under the interval: timers drift, and a run a few ms early is still this turn's.
			const ran = await runUnderJobLock(job.name, job.run, scheduled ? Math.floor(job.intervalMs * 0.9) : 0)
			this.log.debug({ job: job.name, ms: Date.now() - started, ran }, 'tarefa em segundo plano')
			return ran ? 'ran' : 'skipped'
		} catch (error) {
			this.log.error({ job: job.name, error: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) }, 'tarefa em segundo plano falhou')
			return 'failed'
		}
	}
}

/** A first run within seconds of start-up, spread a little so servers started together do not collide. */
function defaultFirstDelay(job: JobDefinition): number {
	return Math.min(job.intervalMs, 5_000 + Math.floor(Math.random() * 5_000))
}

/**
 * Runs `work` while holding the job's advisory lock on PostgreSQL; returns false (without
 * running it) when another server holds it, or, with `onceWithinMs`, when any server started
 * this job that recently (job_runs). The lock lives in a transaction kept open on one
 * pool connection for the length of the run; `work` uses the pool's other connections.
 */
export async function runUnderJobLock(name: string, work: () => Promise<unknown>, onceWithinMs = 0): Promise<boolean> {
	const connection = getConnection()
	if (connection.kind === 'pglite') {
		await work()
		return true
	}
	return connection.db.transaction(async (tx) => {
		const [lock] = await queryRows<{ locked: boolean }>(
			sql`select pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, hashtext(${name})) as locked`,
			tx,
		)
		if (!lock?.locked) return false
		if (onceWithinMs > 0) {
			// Under the lock, so two servers cannot both find the turn free. Written in this
			// transaction: a run that fails rolls it back, and the next server's timer tries again.
			const turn = await queryRows<{ name: string }>(
				sql`insert into job_runs (name, last_started_at) values (${name}, now())
					on conflict (name) do update set last_started_at = now()
					where job_runs.last_started_at <= now() - make_interval(secs => ${onceWithinMs / 1000})
					returning name`,
				tx,
			)
			if (turn.length === 0) return false
		}
		await work()
		return true
	})
}
