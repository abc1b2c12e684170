/** Reads one cookie from a request's Cookie header (raw value: ours are base64url, no decoding). */
export function readCookie(request: Request, name: string): string | null {
	const header = request.headers.get('cookie')
	if (!header) return null
	for (const pair of header.split(';')) {
		const index = pair.indexOf('=')
		if (index === -1) continue
		if (pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim()
	}
	return null
}
