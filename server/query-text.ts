import type { RequestHandler } from 'express'
import { isSafeText } from '~/utils/safe-text'

export const QUERY_TEXT_MESSAGE =
	'O endereço contém caracteres inválidos (caracteres de controle ou Unicode malformado). Corrija-o e tente novamente.'

/** Whether a request URL's query has a name or value that safe-text.ts refuses (once decoded: `%00` is NUL). */
export function hasUnsafeQueryText(url: string): boolean {
	const start = url.indexOf('?')
	if (start < 0) return false
	for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
		if (!isSafeText(name) || !isSafeText(value)) return true
	}
	return false
}

/**
 * The boundary check for query-string text (decision 022), for every route at once: the
 * searches (/resources/search, /admin/pedidos, /admin/cupons) handed `?q=%00` to PostgreSQL,
 * which refuses NUL in text (a 500, or a 503 from the search). Answers 400 in Portuguese.
 */
export const rejectUnsafeQueryText: RequestHandler = (req, res, next) => {
	if (!hasUnsafeQueryText(req.originalUrl)) return next()
	res.status(400).set('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(QUERY_TEXT_MESSAGE)
}
