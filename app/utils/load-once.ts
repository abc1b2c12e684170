/**
 * A module loaded after the page's first JavaScript (issue 34): asked for once however many
 * callers want it, its value readable synchronously once it has come (so a component can draw it
 * directly instead of through `lazy`), and a failed load forgotten so the next call tries again
 * (a phone's network drops a request; the page must not stay without the module).
 */
export type LoadOnce<T> = {
	/** The module, loading it the first time (or again after a failure). */
	load(): Promise<T>
	/** The module once loaded, else null. */
	current(): T | null
	/** Hands the module over without loading it: the server entry's static import (nothing to wait for). */
	provide(module: T): void
}

export function loadOnce<T>(importer: () => Promise<T>): LoadOnce<T> {
	let value: T | null = null
	let loading: Promise<T> | null = null
	return {
		load() {
			loading ??= importer().then(
				(module) => (value = module),
				(error: unknown) => {
					loading = null
					throw error
				},
			)
			return loading
		},
		current: () => value,
		provide(module) {
			value = module
			loading = Promise.resolve(module)
		},
	}
}
