/**
 * A browser's cookies for tests that talk HTTP to the real server without one: the `Cookie` header
 * to send, and what a response's `Set-Cookie` headers set or clear (an empty value or Max-Age=0).
 */
export class CookieJar {
	readonly cookies = new Map<string, string>()

	header(): string {
		return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
	}

	remember(response: Response): void {
		for (const header of response.headers.getSetCookie()) {
			const [pair = ''] = header.split(';')
			const name = pair.slice(0, pair.indexOf('='))
			const value = pair.slice(pair.indexOf('=') + 1)
			if (value === '' || /max-age=0/i.test(header)) this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
	}
}
