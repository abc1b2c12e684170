import { describe, expect, test } from 'vitest'
import { checkoutMessages, checkoutSchema } from './checkout-schema'

const valid = {
	idempotencyKey: '6f1c1c1e-7d3b-4a4e-9d7e-2a0f5b7f9a10',
	name: '  Maria da Silva ',
	email: 'Maria@Example.COM',
	cpf: '529.982.247-25',
	phone: '+55 (11) 91234-5678',
	cep: '01310-100',
	street: 'Avenida Paulista',
	number: '1000',
	complement: '',
	district: 'Bela Vista',
	city: 'São Paulo',
	uf: 'SP',
	paymentMethod: 'pix',
}

function errorsOf(input: Record<string, unknown>) {
	const result = checkoutSchema.safeParse(input)
	if (result.success) return {}
	return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('checkoutSchema', () => {
	test('normalises what the shopper typed', () => {
		expect(checkoutSchema.parse({ ...valid, couponCode: ' bemvindo10 ' })).toMatchObject({
			name: 'Maria da Silva',
			email: 'maria@example.com',
			cpf: '52998224725',
			phone: '11912345678',
			cep: '01310100',
			complement: undefined,
			couponCode: 'BEMVINDO10',
			installments: 1,
			intent: 'place-order',
		})
	})

	test('CPF check digits, CEP format, phone and UF are checked with Portuguese messages', () => {
		expect(errorsOf({ ...valid, cpf: '529.982.247-24', cep: '1310-100', phone: '123', uf: 'XX' })).toEqual({
			cpf: checkoutMessages.cpfInvalid,
			cep: checkoutMessages.cepInvalid,
			phone: checkoutMessages.phoneInvalid,
			uf: checkoutMessages.ufRequired,
		})
		expect(errorsOf({ ...valid, cpf: '111.111.111-11' })).toEqual({ cpf: checkoutMessages.cpfInvalid })
	})

	test('missing fields say what to fill in', () => {
		const errors = errorsOf({ idempotencyKey: valid.idempotencyKey, paymentMethod: 'pix' })
		expect(errors).toMatchObject({
			name: checkoutMessages.nameRequired,
			email: checkoutMessages.emailRequired,
			cpf: checkoutMessages.cpfRequired,
			street: checkoutMessages.streetRequired,
			uf: checkoutMessages.ufRequired,
		})
	})

	test('card needs a token and 1 to 6 installments; PIX is always 1x', () => {
		expect(errorsOf({ ...valid, paymentMethod: 'card' })).toEqual({ cardToken: checkoutMessages.cardRequired })
		expect(errorsOf({ ...valid, paymentMethod: 'card', cardToken: 'tok_test_approved', installments: '7' })).toEqual({
			installments: checkoutMessages.installmentsInvalid,
		})
		expect(errorsOf({ ...valid, paymentMethod: 'card', cardToken: '4242424242424242' })).toEqual({
			cardToken: checkoutMessages.cardRequired,
		})
		// Mercado Pago's card token (decision 077) and the brand and issuer its SDK detected.
		expect(
			checkoutSchema.parse({ ...valid, paymentMethod: 'card', cardToken: 'ff8080814c11e237014c1ff593b57b4d', cardPaymentMethodId: 'master', cardIssuerId: '24' }),
		).toMatchObject({ cardToken: 'ff8080814c11e237014c1ff593b57b4d', cardPaymentMethodId: 'master', cardIssuerId: '24' })
		expect(errorsOf({ ...valid, paymentMethod: 'card', cardToken: '5031433215406351503143321540635' })).toEqual({ cardToken: checkoutMessages.cardRequired })
		expect(checkoutSchema.parse({ ...valid, paymentMethod: 'card', cardToken: 'tok_test_approved', installments: '6' }).installments).toBe(
			6,
		)
		expect(checkoutSchema.parse({ ...valid, installments: '6', cardToken: 'tok_test_approved' })).toMatchObject({
			installments: 1,
			cardToken: undefined,
		})
	})

	test('price fields a tampered request adds are dropped', () => {
		const parsed = checkoutSchema.parse({ ...valid, totalCents: '1', unitPriceCents: '1' })
		expect(parsed).not.toHaveProperty('totalCents')
		expect(parsed).not.toHaveProperty('unitPriceCents')
	})

	test('a malformed attempt key is refused', () => {
		expect(errorsOf({ ...valid, idempotencyKey: 'x' })).toEqual({ idempotencyKey: checkoutMessages.attemptInvalid })
	})
})
