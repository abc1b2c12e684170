// Runs on both databases (decision 130): its subject is the job queue's row locks.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { resetMetricsForTests, shopMetrics } from '~/server/metrics/registry.server'
import { JobRunner } from './runner.server'

withTestDatabase()

function fakeLogger() {
	return { error: vi.fn(), debug: vi.fn() }
}

const runners: JobRunner[] = []
function newRunner(log = fakeLogger()) {
	const runner = new JobRunner(log)
	runners.push(runner)
	return { runner, log }
}

afterEach(async () => {
	await Promise.all(runners.splice(0).map((r) => r.stop()))
})

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('JobRunner', () => {
	test('/metrics counts runs by outcome, failures and the duration of the runs (decision 081)', async () => {
		resetMetricsForTests()
		const { runner } = newRunner()
		runner.register({ name: 'metrica-ok', intervalMs: 60_000, run: async () => {} })
		runner.register({ name: 'metrica-falha', intervalMs: 60_000, run: async () => Promise.reject(new Error('x')) })
		expect(await runner.runNow('metrica-ok')).toBe('ran')
		expect(await runner.runNow('metrica-ok')).toBe('ran')
		expect(await runner.runNow('metrica-falha')).toBe('failed')
		const text = await shopMetrics().registry.metrics()
		expect(text).toContain('loja_job_runs_total{job="metrica-ok",outcome="ran"} 2')
		expect(text).toContain('loja_job_runs_total{job="metrica-falha",outcome="failed"} 1')
		expect(text).toContain('loja_job_failures_total{job="metrica-falha"} 1')
		expect(text).toContain('loja_job_duration_seconds_count{job="metrica-ok"} 2')
		resetMetricsForTests()
	})

	test('runs each job on its interval until stopped', async () => {
		const { runner } = newRunner()
		let runs = 0
		runner.register({ name: 'conta', intervalMs: 20, firstRunDelayMs: 0, run: async () => void (runs += 1) })
		runner.start()
		await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 5_000 })
		await runner.stop()
		const stoppedAt = runs
		await wait(100)
		expect(runs).toBe(stoppedAt)
	})

	test('a failing run is logged and the job runs again; nothing is thrown out of the timer', async () => {
		const { runner, log } = newRunner()
		let runs = 0
		runner.register({
			name: 'falha',
			intervalMs: 20,
			firstRunDelayMs: 0,
			run: async () => {
				runs += 1
				throw new Error('banco fora do ar')
			},
		})
		runner.start()
		await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), { timeout: 5_000 })
		expect(log.error).toHaveBeenCalledWith(
			expect.objectContaining({ job: 'falha', error: expect.objectContaining({ message: 'banco fora do ar' }) }),
			'tarefa em segundo plano falhou',
		)
		expect(await runner.runNow('falha')).toBe('failed')
	})

	test('a run never overlaps itself, and stop() waits for the run in progress', async () => {
		const { runner } = newRunner()
		let active = 0
		let maxActive = 0
		let finished = 0
		runner.register({
			name: 'lenta',
			intervalMs: 1,
			firstRunDelayMs: 0,
			run: async () => {
				active += 1
				maxActive = Math.max(maxActive, active)
				await wait(50)
				active -= 1
				finished += 1
			},
		})
		runner.start()
		const joined = await Promise.all([runner.runNow('lenta'), runner.runNow('lenta')])
		expect(joined).toEqual(['ran', 'ran'])
		await wait(20)
		await runner.stop()
		expect(active).toBe(0)
		expect(maxActive).toBe(1)
		expect(finished).toBeGreaterThanOrEqual(1)
	})

	test('refuses intervals a timer cannot hold (no 1 ms busy loop) and duplicate names', () => {
		const { runner } = newRunner()
		const run = async () => {}
		expect(() => runner.register({ name: 'longa', intervalMs: 2 ** 31, run })).toThrow(RangeError)
		expect(() => runner.register({ name: 'zero', intervalMs: 0, run })).toThrow(RangeError)
		runner.register({ name: 'uma', intervalMs: 1000, run })
		expect(() => runner.register({ name: 'uma', intervalMs: 1000, run })).toThrow(/duas vezes/)
	})

	test('pending timers do not keep the process alive', () => {
		const { runner } = newRunner()
		const spy = vi.spyOn(globalThis, 'setTimeout')
		runner.register({ name: 'dormindo', intervalMs: 60_000, run: async () => {} })
		runner.start()
		const timer = spy.mock.results.at(-1)?.value as NodeJS.Timeout
		spy.mockRestore()
		expect(timer.hasRef()).toBe(false)
	})
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('several servers on PostgreSQL (issue 33, decision 123)', () => {
	test("a scheduled job runs once per interval whatever the number of servers; an explicit run is not held back", async () => {
		let runs = 0
		const job = { name: `uma-vez-${Date.now()}`, intervalMs: 500, run: async () => void (runs += 1) }
		const [a, b, c] = [newRunner().runner, newRunner().runner, newRunner().runner]
		for (const runner of [a, b, c]) runner.register(job)
		// Three servers' timers firing one after the other within the interval: one run.
		expect(await a.runScheduled(job.name)).toBe('ran')
		expect(await b.runScheduled(job.name)).toBe('skipped')
		expect(await c.runScheduled(job.name)).toBe('skipped')
		expect(runs).toBe(1)
		// runNow (tests, an operator) always runs.
		expect(await b.runNow(job.name)).toBe('ran')
		await wait(500)
		expect(await c.runScheduled(job.name)).toBe('ran')
		expect(await a.runScheduled(job.name)).toBe('skipped')
		expect(runs).toBe(3)
	})

	test('a failed run does not use up the turn: the next server tries again at once', async () => {
		let attempts = 0
		const job = {
			name: `falha-e-tenta-${Date.now()}`,
			intervalMs: 60_000,
			run: async () => {
				attempts += 1
				if (attempts === 1) throw new Error('falhou')
			},
		}
		const [a, b] = [newRunner().runner, newRunner().runner]
		a.register(job)
		b.register(job)
		expect(await a.runScheduled(job.name)).toBe('failed')
		expect(await b.runScheduled(job.name)).toBe('ran')
		expect(await a.runScheduled(job.name)).toBe('skipped')
	})
})
