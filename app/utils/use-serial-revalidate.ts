import { useCallback } from 'react'
import { useRevalidator } from 'react-router'

/**
 * Revalidation without interrupting one already running. React Router aborts a running
 * revalidation when another starts; the live-update events, the heart and the 'Remover'
 * buttons used to start theirs independently, so on a busy machine (an event arriving while
 * the button's revalidation still streamed) one aborted the other, and the aborted response
 * surfaced as unhandled rejections ('signal is aborted without reason'; decision 023).
 *
 * Here a request made while one runs waits for it and then runs once more (its data may
 * predate the change just heard of); all the requests made meanwhile share that one run.
 */
let running: Promise<void> | null = null
let next: Promise<void> | null = null

export function serialRevalidate(revalidate: () => Promise<void>): Promise<void> {
	if (!running) {
		running = revalidate().finally(() => {
			running = null
		})
		return running
	}
	next ??= running
		.catch(() => undefined)
		.then(() => {
			next = null
			return serialRevalidate(revalidate)
		})
	return next
}

/** `revalidate()` of useRevalidator, serialised with every other caller in the tab. */
export function useSerialRevalidate(): () => Promise<void> {
	const { revalidate } = useRevalidator()
	return useCallback(() => serialRevalidate(revalidate), [revalidate])
}
