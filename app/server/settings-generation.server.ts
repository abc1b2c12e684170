/*
 * When the store settings' in-memory copy (settings.server.ts) stops being good. Two bundles of
 * one process read and clear it (the HTTP entry on another server's store event, the React
 * Router build on its own change), so the count lives on globalThis, like the read cache's.
 * A read that began before a change is not kept (ci45: a read in flight when the owner switched
 * the PIX discount off was kept after the change; a category page rendered from it went into
 * the page cache, which the change had just emptied, and showed the old discount from then on).
 */
const KEY = Symbol.for('loja.settings-generation')
const globals = globalThis as typeof globalThis & { [KEY]?: { value: number } }

function state(): { value: number } {
	globals[KEY] ??= { value: 0 }
	return globals[KEY]
}

/** The current generation: a copy read in another one is out of date. */
export function settingsGeneration(): number {
	return state().value
}

/** The settings changed (here, or on another app server: its store event). */
export function bumpSettingsGeneration(): void {
	state().value += 1
}
