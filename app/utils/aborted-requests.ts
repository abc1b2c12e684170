/**
 * An aborted request is a cancellation, not an error. React Router aborts a revalidation or
 * navigation that another one replaces (or the shopper clicks on during it); its single-fetch
 * decoder (turbo-stream `decode` in react-router 7.18) then rejects two promises about the
 * aborted response that nobody observes, the one it keeps for the end of the stream and the
 * one it returns for it, so the page reported 'signal is aborted without reason' as two
 * unhandled rejections (decision 023).
 *
 * Only rejections whose reason is an AbortError are marked handled; every other unhandled
 * rejection still reaches the console and the error tracking.
 */
export function isAbortError(reason: unknown): boolean {
	return (
		typeof reason === 'object' &&
		reason !== null &&
		'name' in reason &&
		(reason as { name: unknown }).name === 'AbortError'
	)
}

export function ignoreAbortedRequests(target: Pick<Window, 'addEventListener'>): void {
	target.addEventListener('unhandledrejection', (event) => {
		if (isAbortError(event.reason)) event.preventDefault()
	})
}
