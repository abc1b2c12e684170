/**
 * HTTP Range requests (RFC 9110 §14) for serving uploads. Browsers fetch MP4s in
 * pieces (Safari will not play a video without 206 answers), and seeking needs them.
 * One range only: a multi-range request is answered with the whole file, which the
 * RFC allows.
 */
export type ByteRange = { start: number; end: number }

/**
 * The inclusive range asked for, 'unsatisfiable' (answer 416), or null when there is no
 * usable Range header (answer 200 with everything).
 */
export function parseRange(header: string | null, size: number): ByteRange | 'unsatisfiable' | null {
	if (!header) return null
	const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
	if (!match) return null // other units, several ranges, garbage: ignore the header
	const [, first = '', last = ''] = match
	if (first === '' && last === '') return null
	if (first === '') {
		// bytes=-500: the last 500 bytes.
		const suffix = Number(last)
		if (suffix === 0 || size === 0) return 'unsatisfiable'
		return { start: Math.max(0, size - suffix), end: size - 1 }
	}
	const start = Number(first)
	const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
	if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable'
	return { start, end }
}
