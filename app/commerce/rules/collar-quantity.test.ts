import { describe, expect, test } from 'vitest'
import { COLLAR_MINIMUM, collarQuantity } from './collar-quantity'
import { collarChoicesSchema } from './personalization'

describe('the personalized collar quantity (issue 31)', () => {
	test('10 and more, as typed', () => {
		expect(collarQuantity(String(COLLAR_MINIMUM))).toEqual({ ok: true, quantity: 10 })
		expect(collarQuantity(' 12 ')).toEqual({ ok: true, quantity: 12 })
		expect(collarQuantity('10000')).toEqual({ ok: true, quantity: 10_000 })
	})

	test('below the minimum is refused with its message, never turned into 10', () => {
		for (const typed of ['9', '1', '0', '', '  ', '-12']) expect(collarQuantity(typed)).toEqual({ ok: false, message: 'Mínimo de 10 unidades' })
	})

	test('a fraction, letters or too many are refused with their own message', () => {
		expect(collarQuantity('12,5')).toEqual({ ok: false, message: 'Informe a quantidade em unidades inteiras.' })
		expect(collarQuantity('1e3')).toEqual({ ok: false, message: 'Informe a quantidade em unidades inteiras.' })
		expect(collarQuantity('10001')).toEqual({ ok: false, message: 'Máximo de 10000 unidades' })
	})

	test("the server's schema decides with the same rule", () => {
		const nine = collarChoicesSchema.safeParse({ colour: 'Roxo', quantity: '9' })
		expect(nine.success).toBe(false)
		expect(nine.error?.issues[0]).toMatchObject({ path: ['quantity'], message: 'Mínimo de 10 unidades' })
		expect(collarChoicesSchema.safeParse({ colour: 'Roxo' }).error?.issues[0]?.message).toBe('Mínimo de 10 unidades')
		expect(collarChoicesSchema.parse({ colour: 'Roxo', quantity: '12' }).quantity).toBe(12)
	})
})
