/**
 * The order e-mails' two parts from one list of paragraphs: plain text, and a minimal HTML copy in
 * which the order's address is a link (issue 28: it was plain text) and only a code the shopper
 * copies (the PIX copia e cola, one 'word' of 200 characters) may break anywhere — ordinary words
 * wrap between words, as they did not under `word-break: break-all`.
 */
export type MailParagraph = string | { label: string; url: string } | { code: string } | MailButton

/** A call to action drawn as a button in HTML (decision 121: 'Voltar ao carrinho'); 'label: url' in text. */
export type MailButton = { button: string; url: string }

function escapeHtml(value: string): string {
	return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

export function mailText(paragraphs: readonly MailParagraph[]): string {
	const lines = paragraphs.map((p) =>
		typeof p === 'string' ? p : 'code' in p ? p.code : 'button' in p ? `${p.button}: ${p.url}` : `${p.label} ${p.url}`,
	)
	return `${lines.join('\n\n')}\n`
}

const PARAGRAPH = 'margin:0 0 12px'

function paragraphHtml(p: MailParagraph): string {
	// overflow-wrap: a long address or word breaks only when it cannot fit a line on its own.
	if (typeof p === 'string') return `<p style="${PARAGRAPH};overflow-wrap:break-word">${escapeHtml(p)}</p>`
	if ('button' in p) {
		if (!/^https?:\/\//i.test(p.url)) return `<p style="${PARAGRAPH}">${escapeHtml(`${p.button}: ${p.url}`)}</p>`
		return `<p style="margin:16px 0"><a href="${escapeHtml(p.url)}" style="display:inline-block;background:#be185d;color:#ffffff;padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">${escapeHtml(p.button)}</a></p>`
	}
	if ('code' in p) return `<p style="${PARAGRAPH};font-family:monospace;word-break:break-all">${escapeHtml(p.code)}</p>`
	// Only web addresses become links (the shop builds them from PUBLIC_URL).
	if (!/^https?:\/\//i.test(p.url)) return `<p style="${PARAGRAPH};overflow-wrap:break-word">${escapeHtml(`${p.label} ${p.url}`)}</p>`
	return `<p style="${PARAGRAPH};overflow-wrap:break-word">${escapeHtml(p.label)} <a href="${escapeHtml(p.url)}" style="color:#be185d">${escapeHtml(p.url)}</a></p>`
}

export function mailHtml(paragraphs: readonly MailParagraph[]): string {
	return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">${paragraphs
		.map(paragraphHtml)
		.join('')}</body></html>`
}
