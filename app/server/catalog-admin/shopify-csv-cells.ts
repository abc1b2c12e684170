import { slugify } from '~/utils/slug'

/**
 * One cell of a Shopify product CSV made fit for the catalogue (decision 070), saying what it
 * changed: a file may carry what PostgreSQL cannot store (a NUL byte made an import answer 500)
 * or what would differ on every later check (Windows line breaks inside a description). Pure.
 */

/** Shopify's own limits (help.shopify.com, product CSV and Admin API): what an export can carry. */
export const SHOPIFY_LIMITS = {
	handle: 255,
	title: 255,
	vendor: 255,
	productType: 255,
	optionName: 255,
	optionValue: 255,
	sku: 255,
} as const

// C0 controls other than tab and line feed (carriage returns are line breaks, handled apart), and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

export type CleanCell = { text: string; removedControls: boolean }

/**
 * Line breaks as '\n' (a CRLF description stored as CRLF compared unequal with the same text
 * read back through a browser form, so every check reported it changed) and control
 * characters removed (PostgreSQL text cannot hold NUL: the write failed with a 500).
 */
export function cleanCell(raw: string): CleanCell {
	const unified = raw.replace(/\r\n?/g, '\n')
	const text = unified.replace(CONTROL, '')
	return { text, removedControls: text.length !== unified.length }
}

/** A leading quote before = + - @ is how exports (this shop's too) keep a spreadsheet from running a formula. */
export function withoutFormulaGuard(text: string): string {
	return text.replace(/^'(?=[=+\-@])/, '')
}

/**
 * The shop's handle for a file's Handle: lower-case letters, digits and single hyphens (the
 * database's rule), at most Shopify's 255 characters, cut at a word boundary and never ending
 * on a hyphen (a cut that did broke the database's rule and failed the whole import). Blank
 * handles take the title's, as Shopify does for new products. '' when neither has a letter or digit.
 */
export function shopHandle(rawHandle: string, title: string): string {
	const slug = slugify(rawHandle) || slugify(title)
	if (slug.length <= SHOPIFY_LIMITS.handle) return slug
	const cut = slug.slice(0, SHOPIFY_LIMITS.handle + 1)
	const boundary = cut.lastIndexOf('-')
	return (boundary > 0 ? cut.slice(0, boundary) : cut.slice(0, SHOPIFY_LIMITS.handle)).replace(/-+$/, '')
}
