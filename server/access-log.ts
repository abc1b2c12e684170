/**
 * What the access log keeps of a request. URLs of e-mail links carry secrets in their query
 * (`/auth/redefinir-senha?token=…`, `/auth/confirmar?token=…`): whoever reads the logs could
 * take over the account. Values of sensitive parameters are replaced; the rest stays readable.
 */
const SENSITIVE_PARAMETER = /token|secret|senha|password|passwd|signature|^sig$|^code$|^key$|api[-_]?key|auth|session|cpf|e-?mail/i

export const REDACTED = 'REDACTED'

/** Issue 29: the PIX webhook's path carries its secret token (/webhooks/pix/<token>/pix). */
const SECRET_PATH_SEGMENT = /^(\/webhooks\/pix\/)[^/?#]+/i

export function redactUrl(url: string): string {
	url = url.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`)
	const queryStart = url.indexOf('?')
	if (queryStart === -1) return url
	const path = url.slice(0, queryStart)
	const parameters = new URLSearchParams(url.slice(queryStart + 1))
	let changed = false
	for (const name of new Set(parameters.keys())) {
		if (!SENSITIVE_PARAMETER.test(name)) continue
		parameters.set(name, REDACTED)
		changed = true
	}
	return changed ? `${path}?${parameters.toString()}` : url
}

export const accessLogSerializers = {
	req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
	res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
}

/**
 * The access log's level for a finished request: a server fault (5xx) is an error; a client's
 * mistake (4xx) is an ordinary line at info, even when an error came with it (anyone can send as
 * many bad requests as they like: they must not flood the error level the owner watches).
 */
export function accessLogLevel(statusCode: number, error: unknown): 'error' | 'info' {
	if (statusCode >= 500) return 'error'
	if (statusCode >= 400) return 'info'
	return error ? 'error' : 'info'
}
