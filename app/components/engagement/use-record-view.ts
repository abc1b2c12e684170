import { useEffect } from 'react'

/**
 * Records that the product on screen was seen (record-view.ts: 2 seconds after it is shown, once
 * per product per browser session). The recording's code loads after hydration, not with the
 * product page (issue 34): the 2 seconds count from when the product was shown, not from when the
 * code came.
 */
export function useRecordProductView(productId: string) {
	useEffect(() => {
		const shownAt = performance.now()
		let cancel: (() => void) | undefined
		let left = false
		import('./record-view').then(
			({ RECORD_VIEW_DELAY_MS, scheduleProductView, sendProductView, sessionStore }) => {
				if (left) return
				const delayMs = Math.max(0, RECORD_VIEW_DELAY_MS - (performance.now() - shownAt))
				cancel = scheduleProductView(productId, { storage: sessionStore(), send: sendProductView, delayMs })
			},
			// A lost view is harmless: recently-viewed is a convenience.
			() => {},
		)
		return () => {
			left = true
			cancel?.()
		}
	}, [productId])
}
