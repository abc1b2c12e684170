import { describe, expect, test } from 'vitest'
import { settingsFormSchema } from '~/routes/admin/settings-form'
import { COUPON_MESSAGES, type CouponFields, validateCouponFields } from './coupon-input'

const fields = (overrides: Partial<CouponFields>): CouponFields => ({
	code: 'DESCONTO',
	kind: 'fixed',
	value: '15,00',
	minSubtotal: '',
	usageLimit: '',
	startsAt: '',
	endsAt: '',
	active: true,
	...overrides,
})

describe('money in the coupon form and the CSV import is read exactly', () => {
	test('amounts with more than 2 decimals are refused with the field message, never rounded', () => {
		expect(validateCouponFields(fields({ value: '10.5555' }))).toEqual({ ok: false, errors: { value: COUPON_MESSAGES.fixed } })
		// '0,285' once became R$ 285 (the comma read as a thousands separator).
		expect(validateCouponFields(fields({ value: '0,285' }))).toEqual({ ok: false, errors: { value: COUPON_MESSAGES.fixed } })
		expect(validateCouponFields(fields({ minSubtotal: '99,999' }))).toEqual({
			ok: false,
			errors: { minSubtotal: COUPON_MESSAGES.minSubtotal },
		})
		expect(COUPON_MESSAGES.fixed).toMatch(/no máximo 2 casas decimais/)
	})

	test('comma or dot decimals and thousands dots give exact cents', () => {
		const read = (value: string, minSubtotal = '') => {
			const result = validateCouponFields(fields({ value, minSubtotal }))
			return result.ok ? [result.coupon.value, result.coupon.minSubtotalCents] : result.errors
		}
		expect(read('10,56')).toEqual([1056, 0])
		expect(read('10.56', '1.234,50')).toEqual([1056, 123_450])
		expect(read('R$ 0,29', '150')).toEqual([29, 15_000])
	})

	test('the settings form uses the same parser', () => {
		const base = settingsFormSchema.safeParse({
			storeName: 'Loja',
			contactEmail: 'contato@example.com',
			whatsappNumber: '11999999999',
			city: 'São Paulo',
			pixMerchantName: 'LOJA',
			pixMerchantCity: 'SAO PAULO',
			freeShippingThreshold: '150.50',
			shippingRate: '19,90',
			giftThreshold: '10,5555',
		})
		expect(base.success).toBe(false)
		expect(base.error?.issues.map((i) => i.path[0])).toEqual(['giftThreshold'])
	})
})
