import { SUGGESTION_MODE_DELAY_MS, SUGGESTION_RESHUFFLE_MS } from '~/utils/home-sections'

/*
 * The featured section's clock (document 000 §4): suggestion mode switches on 10 s after the
 * page loads, then the suggestions reshuffle every 15 s. Kept apart from React so the timing
 * is tested with fake timers. Pausing (the shopper's button, or the pointer or focus inside
 * the cards, WCAG 2.2.2) stops the clock; resuming waits a whole step again, so the cards
 * never change the moment the shopper looks away.
 */

export type RotationStep = 'switch' | 'reshuffle'

export type SuggestionRotation = {
	pause(): void
	resume(): void
	/** Whether suggestion mode is on (the 'switch' step has happened). */
	readonly switched: boolean
	dispose(): void
}

type Options = {
	/** Called on each step: 'switch' once, then 'reshuffle'. */
	onStep: (step: RotationStep) => void
	/** Start paused (reduced motion, or the shopper paused before). */
	paused?: boolean
	delayMs?: number
	intervalMs?: number
}

export function createSuggestionRotation({
	onStep,
	paused = false,
	delayMs = SUGGESTION_MODE_DELAY_MS,
	intervalMs = SUGGESTION_RESHUFFLE_MS,
}: Options): SuggestionRotation {
	let switched = false
	let running = false
	let disposed = false
	let timer: ReturnType<typeof setTimeout> | undefined

	function schedule() {
		timer = setTimeout(
			() => {
				timer = undefined
				const step: RotationStep = switched ? 'reshuffle' : 'switch'
				switched = true
				onStep(step)
				if (running && !disposed) schedule()
			},
			switched ? intervalMs : delayMs,
		)
	}

	function resume() {
		if (running || disposed) return
		running = true
		schedule()
	}

	function pause() {
		running = false
		clearTimeout(timer)
		timer = undefined
	}

	if (!paused) resume()

	return {
		pause,
		resume,
		get switched() {
			return switched
		},
		dispose() {
			pause()
			disposed = true
		},
	}
}
