/**
 * What a browser without JavaScript would post for a form of a server-rendered page: its
 * controls' names and values, in document order, for server tests that go through the back-office
 * as its owner does (a whole edit form sent back with one field changed) without a browser.
 * Enough for the HTML React renders: inputs (checkboxes and radios only when checked; no buttons,
 * files or disabled controls), textareas and selects (the selected option, else the first).
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decode(text: string): string {
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
		if (entity[0] === '#') return String.fromCodePoint(entity[1]?.toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)))
		return ENTITIES[entity.toLowerCase()] ?? whole
	})
}

function attributes(tag: string): Map<string, string> {
	const found = new Map<string, string>()
	for (const [, name, , double, single, bare] of tag.matchAll(/([^\s"'<>/=]+)(\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
		if (name) found.set(name.toLowerCase(), decode(double ?? single ?? bare ?? ''))
	return found
}

/** The controls of the form whose `aria-label` is `label` (the first such form), as [name, value] pairs. */
export function formFields(html: string, label: string): Array<[string, string]> {
	const forms = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)]
	const form = forms.find(([, opening]) => attributes(opening ?? '').get('aria-label') === label)
	if (!form) throw new Error(`formulário '${label}' não encontrado na página`)
	const fields: Array<[string, string]> = []
	const control = /<input\b([^>]*)>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/g
	for (const [, input, textarea, text, select, options] of (form[2] ?? '').matchAll(control)) {
		const attrs = attributes(input ?? textarea ?? select ?? '')
		const name = attrs.get('name')
		if (!name || attrs.has('disabled')) continue
		if (input !== undefined) {
			const type = (attrs.get('type') ?? 'text').toLowerCase()
			if (['submit', 'button', 'image', 'reset', 'file'].includes(type)) continue
			if ((type === 'checkbox' || type === 'radio') && !attrs.has('checked')) continue
			fields.push([name, attrs.get('value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : '')])
		} else if (textarea !== undefined) {
			// The HTML parser drops one newline right after <textarea>.
			fields.push([name, decode((text ?? '').replace(/^\r?\n/, ''))])
		} else {
			const all = [...(options ?? '').matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)]
			const chosen = all.find(([, optionAttrs]) => attributes(optionAttrs ?? '').has('selected')) ?? all[0]
			if (!chosen) continue
			const optionAttrs = attributes(chosen[1] ?? '')
			fields.push([name, optionAttrs.get('value') ?? decode((chosen[2] ?? '').replace(/<[^>]*>/g, '').trim())])
		}
	}
	return fields
}
