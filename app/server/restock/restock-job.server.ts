import { STORE_CHANNEL } from '~/server/event-channels.server'
import { subscribe } from '~/server/events.server'
import type { JobRunner } from '~/server/jobs/runner.server'
import { purgeOldRestockAlerts, sendRestockAlerts } from './notify.server'

/**
 * The restock alerts in the shop's jobs (decision 120). The job itself runs every few minutes,
 * whatever changed the stock; a catalogue or stock event (the stock page, the editor, an import,
 * an order cancelled: every path already announces one, for the page cache) runs it within
 * seconds too, so the shopper hears when the shop does. The runner's lock still keeps it to one
 * server at a time.
 */
export const RESTOCK_JOB = 'avisar-reposicao'
const INTERVAL_MS = 10 * 60 * 1000
/** A CSV import announces every product: one run after the burst, not one per event. */
const NUDGE_DELAY_MS = 2_000

let stopNudges: (() => void) | null = null

export function registerRestockJob(runner: JobRunner): void {
	runner.register({
		name: RESTOCK_JOB,
		intervalMs: INTERVAL_MS,
		run: async () => {
			await sendRestockAlerts()
			await purgeOldRestockAlerts()
		},
	})
	let pending: NodeJS.Timeout | null = null
	const unsubscribe = subscribe(STORE_CHANNEL, (event) => {
		if ((event.type !== 'catalog' && event.type !== 'stock') || pending) return
		pending = setTimeout(() => {
			pending = null
			void runner.runNow(RESTOCK_JOB)
		}, NUDGE_DELAY_MS)
		pending.unref()
	})
	stopNudges = () => {
		unsubscribe()
		if (pending) clearTimeout(pending)
		pending = null
	}
}

/** Before the runner stops: no nudge may start a run on a closing database. */
export function stopRestockNudges(): void {
	stopNudges?.()
	stopNudges = null
}
