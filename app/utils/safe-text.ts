/**
 * Text the shop accepts from outside, checked once at the boundary (issue 8, decision 022).
 * No dependencies, so that any module (the product page's first load included) may use it.
 *
 * Refused: C0 control characters but tab, line feed and carriage return (NUL among them,
 * which PostgreSQL refuses in text), DEL, the C1 controls, and UTF-16 surrogates without
 * their pair (no UTF-8 encoding exists for them; they arrive through JSON escapes).
 * Kept: everything else, RTL marks and zero-width joiners included (emoji and Arabic
 * need them; output escaping makes them harmless).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export const SAFE_TEXT_MESSAGE =
	'O texto contém caracteres inválidos (caracteres de controle ou Unicode malformado). Apague-os e tente novamente.'

export function isSafeText(value: string): boolean {
	return !UNSAFE_TEXT.test(value)
}
