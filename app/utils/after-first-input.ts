/*
 * Work that only makes a later tap quicker (an overlay's module fetched before its first opening, the
 * toasts' outlet) waits until the shopper first uses the page — a tap, a key, a touch or a wheel turn —
 * and then for the browser's next idle moment, one task per idle moment. Before that it costs the
 * phone nothing: a page that is only read, or measured, never pays for drawers it does not open
 * (issue 34, decision 155). Before decision 155 each ran on the first idle moment after hydration,
 * four tasks of 10–29 ms on this machine right after the page's own work.
 */

/** The inputs that count as using the page; the first-paint starter watches the same ones (decision 156). */
export const FIRST_INPUTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const
const queue: (() => void)[] = []
let used = false
let scheduled = false

function runNext() {
	if (!used || scheduled || queue.length === 0) return
	scheduled = true
	const runOne = () => {
		scheduled = false
		queue.shift()?.()
		runNext()
	}
	if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(runOne, { timeout: 2000 })
	else setTimeout(runOne, 200)
}

function onFirstInput() {
	used = true
	runNext()
}

/** Runs `task` once the page has been used and the browser is idle; the returned function cancels it. */
export function afterFirstInput(task: () => void): () => void {
	// The same listener added again is ignored; each goes after its first event.
	if (!used) for (const type of FIRST_INPUTS) window.addEventListener(type, onFirstInput, { capture: true, passive: true, once: true })
	queue.push(task)
	runNext()
	return () => {
		const at = queue.indexOf(task)
		if (at !== -1) queue.splice(at, 1)
	}
}
