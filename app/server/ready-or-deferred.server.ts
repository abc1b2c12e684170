/**
 * Deferred loader data that is already there goes into the first flush (decision 058).
 *
 * A loader returns a promise for data the page can show later (React Router streams it behind a
 * `<Suspense>` skeleton). On the server `<Await>` suspends on every promise, even one that has
 * already settled, so each deferred section costs a skeleton, a second boundary in the stream
 * and the script that swaps them — for nothing when the read was answered from memory (the
 * catalogue cache). `readyOrDeferred` lets the loader look once, after its awaited reads: the
 * value when the promise has already settled, the promise itself (streamed as before) when not.
 * It never waits: a slow read still streams.
 */
export async function readyOrDeferred<T>(promise: Promise<T>): Promise<Ready<T> | Deferred<T>> {
	// One turn of the event loop: a promise settled by then (memory, or an I/O callback already run) is ready.
	const turn = new Promise<null>((resolve) => setImmediate(() => resolve(null)))
	const first = await Promise.race([
		promise.then(
			(value) => ({ value }),
			() => null,
		),
		turn,
	])
	return first === null ? { ready: false, promise } : { ready: true, value: first.value }
}

type Ready<T> = { ready: true; value: T }
type Deferred<T> = { ready: false; promise: Promise<T> }

/** The value itself when ready, else the promise: what `<Await resolve>` takes either way. */
export function valueOrPromise<T>(result: Ready<T> | Deferred<T>): T | Promise<T> {
	return result.ready ? result.value : result.promise
}
