import { z } from 'zod'
import { normalizeCep } from '~/commerce/rules/cep'
import { normalizeCpf } from '~/commerce/rules/cpf'
import { normalizePhone } from '~/commerce/rules/phone'
import { userText } from './text-schema'
import { MAX_INSTALLMENTS } from './installments'
import { BRAZIL_UFS } from './checkout-constants'

/**
 * The checkout form (document 000, spec decision 5), shared by the page (field hints) and the
 * action (the authority). Values come out normalised: CPF, CEP and phone as digits only, the
 * coupon code upper-cased. Prices and totals are deliberately absent: the server computes them.
 */
export { BRAZIL_UFS, TEST_CARD_TOKENS, type Uf } from './checkout-constants'

export { MAX_INSTALLMENTS } from './installments'

export const checkoutMessages = {
	nameRequired: 'Informe seu nome completo.',
	nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
	emailRequired: 'Informe seu e-mail.',
	emailInvalid: 'Informe um e-mail válido.',
	cpfRequired: 'Informe seu CPF.',
	cpfInvalid: 'CPF inválido. Confira os números.',
	phoneRequired: 'Informe seu telefone.',
	phoneInvalid: 'Telefone inválido. Use DDD + número, ex.: (11) 91234-5678.',
	cepRequired: 'Informe o CEP.',
	cepInvalid: 'CEP inválido. Use 8 números, ex.: 01310-100.',
	streetRequired: 'Informe a rua.',
	numberRequired: 'Informe o número.',
	districtRequired: 'Informe o bairro.',
	cityRequired: 'Informe a cidade.',
	ufRequired: 'Selecione o estado (UF).',
	tooLong: (max: number) => `Use no máximo ${max} caracteres.`,
	couponTooLong: 'Código de cupom inválido.',
	paymentRequired: 'Escolha a forma de pagamento.',
	installmentsInvalid: 'Escolha de 1 a 6 parcelas.',
	/** Issue 32: a service the page never offered (tampered) or no longer offered (stale). */
	shippingInvalid: 'Escolha uma das opções de frete.',
	shippingStale: 'O frete escolhido não está mais disponível para este CEP. Confira as opções de entrega e finalize de novo.',
	cardRequired: 'Preencha os dados do cartão.',
	attemptInvalid: 'Sua sessão de checkout expirou. Recarregue a página e tente novamente.',
	reminderInvalid: 'Resposta inválida para o lembrete de carrinho.',
} as const

const text = (required: string, max: number) =>
	userText({ error: required }).trim().min(1, required).max(max, checkoutMessages.tooLong(max))

/** A field typed loosely (dots, dashes, spaces) and stored in its one canonical form, or refused. */
const normalized = (required: string, invalid: string, max: number, normalize: (value: string) => string | null) =>
	userText({ error: required })
		.max(max, invalid)
		.transform((value, ctx) => {
			const canonical = normalize(value)
			if (!canonical) ctx.addIssue({ code: 'custom', message: invalid })
			return canonical ?? ''
		})

export const checkoutSchema = z
	.object({
		intent: z.enum(['place-order', 'apply-coupon']).default('place-order'),
		/** One per rendering of the page: a double click or a retried request gives one order. */
		idempotencyKey: userText({ error: checkoutMessages.attemptInvalid }).regex(/^[A-Za-z0-9_-]{16,100}$/, checkoutMessages.attemptInvalid),
		name: text(checkoutMessages.nameRequired, 120),
		email: userText({ error: checkoutMessages.emailRequired })
			.trim()
			.max(254, checkoutMessages.emailInvalid)
			.pipe(z.email(checkoutMessages.emailInvalid))
			.transform((v) => v.toLowerCase()),
		cpf: normalized(checkoutMessages.cpfRequired, checkoutMessages.cpfInvalid, 20, normalizeCpf),
		phone: normalized(checkoutMessages.phoneRequired, checkoutMessages.phoneInvalid, 25, normalizePhone),
		cep: normalized(checkoutMessages.cepRequired, checkoutMessages.cepInvalid, 12, normalizeCep),
		street: text(checkoutMessages.streetRequired, 200),
		number: text(checkoutMessages.numberRequired, 20),
		complement: userText().trim().max(100, checkoutMessages.tooLong(100)).optional(),
		district: text(checkoutMessages.districtRequired, 100),
		city: text(checkoutMessages.cityRequired, 100),
		uf: z.enum(BRAZIL_UFS, { error: checkoutMessages.ufRequired }),
		couponCode: userText()
			.trim()
			.max(50, checkoutMessages.couponTooLong)
			.transform((v) => v.toUpperCase())
			.optional(),
		paymentMethod: z.enum(['pix', 'card'], {
			error: checkoutMessages.paymentRequired,
		}),
		installments: z.coerce
			.number({ error: checkoutMessages.installmentsInvalid })
			.int(checkoutMessages.installmentsInvalid)
			.min(1, checkoutMessages.installmentsInvalid)
			.max(MAX_INSTALLMENTS, checkoutMessages.installmentsInvalid)
			.default(1),
		/**
		 * A provider token made in the browser; never a card number: the test provider's tok_…, or
		 * Mercado Pago's card token (32 hex digits, longer than any card number).
		 */
		cardToken: userText()
			.trim()
			.max(200)
			.regex(/^(tok_[A-Za-z0-9_]+|[0-9a-f]{32})$/, checkoutMessages.cardRequired)
			.optional(),
		/**
		 * Issue 32 (decision 087): the shipping option chosen ('me:2' a Melhor Envio service, 'tabela'
		 * the regional table). Only its id: the price is quoted again on the server.
		 */
		shippingOption: userText()
			.trim()
			.refine((v) => v === '' || /^(me:\d{1,4}|tabela)$/.test(v), checkoutMessages.shippingInvalid)
			.transform((v) => v || undefined)
			.optional(),
		/** Mercado Pago (decision 077): the card's brand and issuer as its browser SDK detected them. */
		cardPaymentMethodId: userText().trim().regex(/^[a-z0-9_]{2,40}$/, checkoutMessages.cardRequired).optional().or(z.literal('').transform(() => undefined)),
		cardIssuerId: userText().trim().regex(/^\d{1,20}$/, checkoutMessages.cardRequired).optional().or(z.literal('').transform(() => undefined)),
		/** Issue 31 (decision 121): a signed-in shopper's 'yes' to the abandoned-cart reminder, ticked by her. */
		lembrete: z.enum(['sim'], { error: checkoutMessages.reminderInvalid }).optional(),
	})
	.superRefine((value, ctx) => {
		if (value.paymentMethod === 'card' && !value.cardToken) {
			ctx.addIssue({
				code: 'custom',
				path: ['cardToken'],
				message: checkoutMessages.cardRequired,
			})
		}
	})
	.transform((value) => ({
		...value,
		// PIX is paid at once: installments only mean something for the card.
		installments: value.paymentMethod === 'pix' ? 1 : value.installments,
		cardToken: value.paymentMethod === 'card' ? value.cardToken : undefined,
		cardPaymentMethodId: value.paymentMethod === 'card' ? value.cardPaymentMethodId : undefined,
		cardIssuerId: value.paymentMethod === 'card' ? value.cardIssuerId : undefined,
		complement: value.complement || undefined,
		couponCode: value.couponCode || undefined,
	}))

export type CheckoutInput = z.input<typeof checkoutSchema>
export type CheckoutValues = z.output<typeof checkoutSchema>

/** Only the coupon, for the 'Aplicar' button: the rest of the form may still be incomplete. */
export const applyCouponSchema = z.object({
	couponCode: userText()
		.trim()
		.max(50, checkoutMessages.couponTooLong)
		.transform((v) => v.toUpperCase())
		.optional(),
})
