import { e2eServer } from './e2e-server'

/**
 * A cookie-keeping HTTP client for the real server, for tests that need no browser
 * (the permission matrix, the checkout races). Redirects are NOT followed, so their targets can be checked.
 */
export class HttpSession {
	private readonly cookies = new Map<string, string>()

	/** The shared e2e server unless a test runs its own (startAppServer). */
	constructor(readonly baseUrl: string = e2eServer().baseUrl) {}

	private remember(response: Response) {
		for (const header of response.headers.getSetCookie()) {
			const [pair = '', ...attributes] = header.split(';')
			const index = pair.indexOf('=')
			const name = pair.slice(0, index).trim()
			const value = pair.slice(index + 1).trim()
			const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()))
			if (expired || value === '') this.cookies.delete(name)
			else this.cookies.set(name, value)
		}
	}

	cookieHeader() {
		return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
	}

	async request(method: string, path: string, form?: Record<string, string>) {
		const response = await fetch(new URL(path, this.baseUrl), {
			method,
			redirect: 'manual',
			headers: {
				cookie: this.cookieHeader(),
				...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
				origin: this.baseUrl,
			},
			body: form ? new URLSearchParams(form).toString() : undefined,
		})
		this.remember(response)
		return response
	}

	/** Any body with any headers (same-origin, with the session's cookies): for malformed requests. */
	async send(method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) {
		const response = await fetch(new URL(path, this.baseUrl), {
			method,
			redirect: 'manual',
			headers: { cookie: this.cookieHeader(), origin: this.baseUrl, ...init.headers },
			body: init.body,
		})
		this.remember(response)
		return response
	}

	get(path: string) {
		return this.request('GET', path)
	}

	post(path: string, form: Record<string, string> = {}) {
		return this.request('POST', path, form)
	}

	async signUp(email: string, password: string) {
		// Signs in at once (issue 31): a later signIn finds the session and is sent to the account area.
		const response = await this.post('/auth', { intent: 'signup', email, password, firstName: 'Cliente' })
		if (response.status >= 500) throw new Error(`cadastro falhou: ${response.status}`)
	}

	async signIn(email: string, password: string) {
		const response = await this.post('/auth', { intent: 'signin', email, password })
		const location = response.headers.get('location') ?? ''
		if (response.status !== 302 || location.startsWith('/auth'))
			throw new Error(`login falhou: ${response.status} ${location} ${await response.text()}`)
	}
}
