import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

/**
 * A rendered document's last changes on its way out (decision 141): the shell (React's first flush:
 * the head and everything outside a pending Suspense boundary, ending with React Router's scripts)
 * is rewritten whole, then each later piece (a boundary streamed in) on its own.
 */
export type PageRewrite = {
	/** Where the shell ends: the text that closes it (React Router's module script's tag). */
	shellEndsAfter: string
	shell(html: string): string
	later(html: string): string
}

// A document whose shell has not ended by then is passed on with nothing changed rather than held.
const MAX_SHELL_CHARS = 4 * 1024 * 1024

export class PageRewriteStream extends Transform {
	private readonly decoder = new StringDecoder('utf8')
	private held = ''
	private stage: 'shell' | 'later' | 'untouched' = 'shell'

	constructor(private readonly rewrite: PageRewrite) {
		super()
	}

	override _transform(chunk: Uint8Array, _encoding: BufferEncoding, callback: TransformCallback) {
		if (this.stage === 'untouched') {
			callback(null, chunk)
			return
		}
		// Decoded with the bytes of a character cut by the chunk's end kept for the next one.
		const text = this.decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))
		if (this.stage === 'later') {
			callback(null, text ? Buffer.from(this.rewrite.later(text)) : undefined)
			return
		}
		const searchFrom = Math.max(0, this.held.length - this.rewrite.shellEndsAfter.length)
		this.held += text
		const end = this.held.indexOf(this.rewrite.shellEndsAfter, searchFrom)
		if (end === -1) {
			if (this.held.length > MAX_SHELL_CHARS) {
				this.stage = 'untouched'
				const all = this.held + this.decoder.end()
				this.held = ''
				callback(null, Buffer.from(all))
				return
			}
			callback()
			return
		}
		const shellEnd = end + this.rewrite.shellEndsAfter.length
		const shell = this.held.slice(0, shellEnd)
		const rest = this.held.slice(shellEnd)
		this.held = ''
		this.stage = 'later'
		callback(null, Buffer.from(this.rewrite.shell(shell) + (rest ? this.rewrite.later(rest) : '')))
	}

	override _flush(callback: TransformCallback) {
		// A document without React Router's scripts (none today) goes out as it came.
		const rest = this.held + this.decoder.end()
		this.held = ''
		callback(null, rest ? Buffer.from(rest) : undefined)
	}
}

/**
 * The rendered document through `rewrite`. Joined by `pipeline`, not `pipe`: when the response is
 * cancelled (a visitor gone mid-page: React Router cancels the body with the socket's error) the
 * error is handled here instead of thrown with no listener, which would end the process, and the
 * rendered stream is destroyed with it, which tells React to stop rendering.
 */
export function withPageRewrite(rendered: Readable, rewrite: PageRewrite): Readable {
	const rewritten = new PageRewriteStream(rewrite)
	pipeline(rendered, rewritten, () => {
		// Nothing to do: a cancelled page has no one left to tell.
	})
	return rewritten
}
