/**
 * What an upload's progress bar says (issue 28: the product CSV, the videos): pure, so the rules
 * are tested without a browser. XMLHttpRequest's upload events give bytes sent and the total.
 */

/**
 * Whole percent of the bytes sent, 99 at most: the last byte sent is not yet the file kept (the
 * server still has to store it and answer), so 100 is left for that answer.
 */
export function uploadPercent(loaded: number, total: number): number {
	if (!(total > 0) || !(loaded > 0)) return 0
	return Math.min(99, Math.floor((loaded / total) * 100))
}

/**
 * Seconds left at the rate so far, or null while it is too early to say (under a second of data:
 * the first chunks leave at the speed of the local buffers, not of the owner's connection).
 */
export function uploadSecondsLeft(loaded: number, total: number, elapsedSeconds: number): number | null {
	if (elapsedSeconds < 1 || !(loaded > 0) || !(total > 0)) return null
	return Math.ceil(Math.max(0, total - loaded) / (loaded / elapsedSeconds))
}

/** '12 s restantes', '2 min restantes'. */
export function formatTimeLeft(seconds: number): string {
	if (seconds < 60) return `${seconds} s restantes`
	return `${Math.ceil(seconds / 60)} min restantes`
}

/** The bar's label: 'Enviando arquivo… 42%', with the time left once it can be told. */
export function uploadProgressLabel(percent: number, secondsLeft: number | null): string {
	const base = `Enviando arquivo… ${percent}%`
	return secondsLeft === null ? base : `${base} · ${formatTimeLeft(secondsLeft)}`
}
