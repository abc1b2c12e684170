import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * What a render read about the person asking (issue 14, decision 055): the names of the cookies
 * it read. The page cache (server/page-cache.ts) renders each page inside `recordRender` and
 * stores the answer only when the render read no cookie but those its key already holds (the
 * theme): a loader that asks who is signed in, or for the cart, makes its page personal, and
 * that page is then sent to its own requester only, never stored. The one way the app reads a
 * cookie is `readCookie` (cookies.server.ts), which notes it here; `getOptionalUser` notes the
 * session even when it answers from its per-request memo.
 *
 * The HTTP entry and the React Router build are separate bundles, each with its own copy of
 * this module: the store lives under a process-wide key so both see it.
 */
export type RenderRecord = { cookies: Set<string> }

const KEY = Symbol.for('loja.render-record')
const globals = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RenderRecord> }
const storage = (globals[KEY] ??= new AsyncLocalStorage<RenderRecord>())

/** Runs `render` with a fresh record; `record` holds what it read once its promise has settled. */
export function recordRender<T>(render: () => Promise<T>): { record: RenderRecord; result: Promise<T> } {
	const record: RenderRecord = { cookies: new Set() }
	return { record, result: storage.run(record, render) }
}

/** Called wherever a request's cookie is read. Outside a recorded render it does nothing. */
export function noteCookieRead(name: string): void {
	storage.getStore()?.cookies.add(name)
}
