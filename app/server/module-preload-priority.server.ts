import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream'

/**
 * Asks the browser for the page's modules after its content (decision 067).
 *
 * React Router's `<Scripts>` preloads every module the page hydrates with (~50 files), and React
 * hoists those `<link rel="modulepreload">` tags to the top of `<head>`: the browser fetches them at
 * High priority, the same as the hero picture marked `fetchpriority="high"`. Over HTTP/2, one
 * connection, the picture then shares a slow phone's bandwidth with ~170 KB of scripts and the
 * largest paint waits for them. `<Scripts>` takes no priority, so the document's head gets
 * `fetchpriority="low"` on each modulepreload as it leaves the server: the modules still start at
 * once and are never fetched twice, but the document and the pictures go first.
 *
 * React's hydration matches these links by href, rel, title and crossorigin (react-dom's
 * hoistable cache), so the attribute added here does not make it insert them again.
 */
const MODULE_PRELOAD = '<link rel="modulepreload" '
const LOW_PRIORITY_MODULE_PRELOAD = '<link rel="modulepreload" fetchpriority="low" '
const HEAD_END = Buffer.from('</head>')
// A document whose head is not closed by then is passed on untouched rather than held.
const MAX_HEAD_BYTES = 1024 * 1024

export function lowerModulePreloadPriority(head: string): string {
	return head.replaceAll(MODULE_PRELOAD, LOW_PRIORITY_MODULE_PRELOAD)
}

/** Holds the stream until `</head>` has passed, rewrites the head, then passes the rest through. */
export class ModulePreloadPriorityStream extends Transform {
	private held: Buffer[] = []
	private heldBytes = 0
	private headDone = false

	override _transform(chunk: Uint8Array, _encoding: BufferEncoding, callback: TransformCallback) {
		if (this.headDone) {
			callback(null, chunk)
			return
		}
		this.held.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
		this.heldBytes += chunk.byteLength
		const soFar = Buffer.concat(this.held, this.heldBytes)
		const headEnd = soFar.indexOf(HEAD_END)
		if (headEnd === -1 && this.heldBytes < MAX_HEAD_BYTES) {
			// One buffer kept, not every piece again on the next chunk.
			this.held = [soFar]
			callback()
			return
		}
		this.headDone = true
		this.held = []
		if (headEnd === -1) {
			callback(null, soFar)
			return
		}
		const head = lowerModulePreloadPriority(soFar.subarray(0, headEnd).toString('utf8'))
		callback(null, Buffer.concat([Buffer.from(head, 'utf8'), soFar.subarray(headEnd)]))
	}

	override _flush(callback: TransformCallback) {
		if (this.held.length > 0) this.push(Buffer.concat(this.held, this.heldBytes))
		this.held = []
		callback()
	}
}

/**
 * The rendered document with its modules at low priority. Joined by `pipeline`, not `pipe`: when the
 * response is cancelled (a visitor gone mid-page: React Router cancels the body with the socket's
 * error) the error is handled here instead of thrown with no listener, which would end the process,
 * and the rendered stream is destroyed with it, which tells React to stop rendering.
 */
export function withLowPriorityModulePreloads(rendered: Readable): Readable {
	const rewritten = new ModulePreloadPriorityStream()
	pipeline(rendered, rewritten, () => {
		// Nothing to do: a cancelled page has no one left to tell.
	})
	return rewritten
}
