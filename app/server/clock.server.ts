/**
 * The wall clock of the app's own time rules (rate-limit windows, short caches).
 *
 * Tests move this clock instead of faking the global `Date`: the embedded database
 * (PGlite, PostgreSQL compiled to WebAssembly) reads the same global `Date` for its
 * internal timers. With `Date` moved months into the past while a database timer is
 * pending, PostgreSQL asks for an alarm months ahead; Node cannot hold more than
 * 2^31-1 ms, fires it after 1 ms (TimeoutOverflowWarning), PostgreSQL finds it early and
 * asks again: a busy loop for as long as the clock stays moved. See decision 023.
 */
let frozenAt: number | null = null

/** Milliseconds since the epoch: the real time, or the time a test has set. */
export function nowMs(): number {
	return frozenAt ?? Date.now()
}

/**
 * Tests only: freeze the app clock at `time` (null gives the real time back). The test
 * setup resets it after every test.
 */
export function setClockForTests(time: Date | number | null): void {
	frozenAt = time === null ? null : typeof time === 'number' ? time : time.getTime()
}
