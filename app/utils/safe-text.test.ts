import { describe, expect, test } from 'vitest'
import { isSafeText, SAFE_TEXT_MESSAGE } from './safe-text'
import { userText } from './text-schema'

describe('isSafeText', () => {
	test.each([
		['plain Portuguese', 'Laço de cetim — R$ 29,90'],
		['tab and line breaks', 'linha 1\r\n\tlinha 2'],
		['emoji (surrogate pairs) and joiners', '🐶🐾 👩‍👩‍👧'],
		['RTL marks and zero-width characters', '\u202Eabc\u200B\u200D\uFEFF'],
		['HTML and SQL-ish text', `<script>alert(1)</script> ' OR 1=1 --`],
		['empty', ''],
	])('keeps %s', (_, value) => {
		expect(isSafeText(value)).toBe(true)
	})

	test.each([
		['NUL', 'a\u0000b'],
		['a C0 control', 'a\u0001b'],
		['escape', '\u001b[31m'],
		['DEL', 'a\u007f'],
		['a C1 control', 'a\u0085'],
		['a lone high surrogate', 'a\uD800b'],
		['a lone high surrogate at the end', 'a\uD83D'],
		['a lone low surrogate', '\uDC00a'],
		['two high surrogates', '\uD83D\uD83D'],
	])('refuses %s', (_, value) => {
		expect(isSafeText(value)).toBe(false)
	})
})

describe('userText', () => {
	test('is a string schema that refuses unsafe text with the Portuguese message, and chains', () => {
		const schema = userText({ error: 'Informe o nome.' }).trim().min(1, 'Informe o nome.').max(5, 'Longo demais.')
		expect(schema.parse('  Ana ')).toBe('Ana')
		expect(schema.safeParse('A\u0000').error?.issues[0]?.message).toBe(SAFE_TEXT_MESSAGE)
		expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('Informe o nome.')
		expect(schema.safeParse(7).error?.issues[0]?.message).toBe('Informe o nome.')
	})
})
