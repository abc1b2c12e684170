/**
 * Money as the owner types it in the back-office (or a legacy CSV holds it) → integer cents,
 * read exactly from the text (never through a float): digits, optional thousands dots, and a
 * decimal comma or dot with at most 2 digits — '100,00', '100', '1.234,56', '19.90',
 * 'R$ 19,90'. A dot before exactly 3 digits ('1.234') is a thousands dot. null for
 * anything else ('10,555', '0,285', '1,234.56', '-5'): an amount is refused, never rounded.
 * Shared by the forms (to show the stored value back) and the server (to read what was typed).
 */
export function parseMoneyInput(value: string): number | null {
	const text = value.replace(/R\$/i, '').replace(/\s/g, '')
	// A leading 0 is never a thousands group: '0.285' is a third decimal, not 285 reais.
	const grouped = /^([1-9]\d{0,2}(?:\.\d{3})+)(?:,(\d{1,2}))?$/.exec(text)
	const plain = grouped ? null : /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text)
	const match = grouped ?? plain
	if (!match) return null
	const whole = (match[1] ?? '').replace(/\./g, '').replace(/^0+(?=\d)/, '')
	// More than a trillion reais is a typo; it also keeps the sum below 2^53 (exact integers).
	if (whole.length > 13) return null
	return Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Integer cents → '100,00' (no currency sign: the field's label says R$). */
export function formatMoneyInput(cents: number): string {
	const whole = Math.trunc(cents / 100)
	const fraction = String(Math.abs(cents % 100)).padStart(2, '0')
	return `${whole},${fraction}`
}
