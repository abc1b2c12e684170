import { z } from 'zod'
import { formatCnpj, isValidCnpj } from '~/commerce/rules/cpf'
import { pixKeySchema, pixMerchantCitySchema, pixMerchantNameSchema } from '~/commerce/rules/pix-brcode'
import { formatMoneyInput, parseMoneyInput } from '~/components/admin/money'
import type { StoreSettings, StoreSettingsUpdate } from '~/server/settings.server'
import { userText } from '~/utils/text-schema'

/**
 * The /admin/configuracoes form: every field arrives as text (money typed as '100,00'), is
 * checked here with the messages shown beside the field, and becomes a StoreSettingsUpdate
 * that updateStoreSettings validates once more. Optional texts left blank mean 'none' (null).
 */
const money = (label: string) =>
	userText()
		.trim()
		.min(1, `Informe ${label}.`)
		.transform((value, ctx) => {
			const cents = parseMoneyInput(value)
			if (cents === null) {
				ctx.addIssue({ code: 'custom', message: `${label[0]?.toUpperCase()}${label.slice(1)}: use o formato 100,00.` })
				return z.NEVER
			}
			if (cents > 100_000_000) {
				ctx.addIssue({ code: 'custom', message: `${label[0]?.toUpperCase()}${label.slice(1)} é alto demais.` })
				return z.NEVER
			}
			return cents
		})

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim())
const optionalText = userText().default('').transform(blankToNull)

export const settingsFormSchema = z.object({
	storeName: userText().trim().min(1, 'Informe o nome da loja.').max(80, 'O nome da loja deve ter no máximo 80 caracteres.'),
	logoUrl: optionalText,
	contactEmail: userText().trim().pipe(z.email('Informe um e-mail de contato válido.')),
	whatsappNumber: userText().transform((v) => v.replace(/[\s()+-]/g, '')),
	city: userText().trim().min(1, 'Informe a cidade.').max(80, 'A cidade deve ter no máximo 80 caracteres.'),
	instagramUrl: optionalText,
	pixKey: userText()
		.default('')
		.transform(blankToNull)
		.pipe(pixKeySchema.nullable()),
	pixMerchantName: pixMerchantNameSchema,
	pixMerchantCity: pixMerchantCitySchema,
	freeShippingThreshold: money('o valor para frete grátis'),
	shippingRate: money('o valor do frete'),
	giftProductHandle: userText()
		.default('')
		.transform((v) => blankToNull(v)?.toLowerCase() ?? null),
	giftThreshold: money('o valor para ganhar o brinde'),
	// Absent (an older form) keeps the default; blank or not a whole number is an error.
	// Absent (an older form) keeps what is stored; blank means 'none' for the legal line.
	legalName: userText().transform(blankToNull).optional(),
	cnpj: userText()
		.transform((v) => blankToNull(v)?.replace(/\D/g, '') ?? null)
		.refine((v) => v === null || isValidCnpj(v), 'CNPJ inválido. Confira os 14 números.')
		.optional(),
	businessAddress: userText().transform(blankToNull).optional(),
	returnsPolicy: userText().optional(),
	privacyPolicy: userText().optional(),
	termsOfUse: userText().optional(),
	pixPaymentWindowHours: z
		.string()
		.default('24')
		.transform((v) => v.trim())
		.refine((v) => v !== '', 'Informe o prazo de pagamento do PIX em horas.')
		.refine((v) => /^\d{1,4}$/.test(v), 'Prazo do PIX: informe um número inteiro de horas.')
		.transform(Number),
})

export type SettingsFormFields = keyof z.input<typeof settingsFormSchema>

/** Fields added after the first form (issue 13): a request without them leaves them as stored. */
export const KEPT_WHEN_ABSENT: ReadonlySet<SettingsFormFields> = new Set([
	'legalName',
	'cnpj',
	'businessAddress',
	'returnsPolicy',
	'privacyPolicy',
	'termsOfUse',
])

export function toSettingsUpdate(values: z.output<typeof settingsFormSchema>): StoreSettingsUpdate {
	return {
		storeName: values.storeName,
		logoUrl: values.logoUrl,
		contactEmail: values.contactEmail,
		whatsappNumber: values.whatsappNumber,
		city: values.city,
		instagramUrl: values.instagramUrl,
		pixKey: values.pixKey,
		pixMerchantName: values.pixMerchantName,
		pixMerchantCity: values.pixMerchantCity,
		freeShippingThresholdCents: values.freeShippingThreshold,
		shippingRateCents: values.shippingRate,
		giftProductHandle: values.giftProductHandle,
		giftThresholdCents: values.giftThreshold,
		pixPaymentWindowHours: values.pixPaymentWindowHours,
		...definedOnly({
			legalName: values.legalName,
			cnpj: values.cnpj,
			businessAddress: values.businessAddress,
			returnsPolicy: values.returnsPolicy,
			privacyPolicy: values.privacyPolicy,
			termsOfUse: values.termsOfUse,
		}),
	}
}

/** The fields a form sent: an absent one is left as stored. */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
	return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as never
}

/** The settings' field names in StoreSettings → the form's names (for errors from updateStoreSettings). */
export const SETTINGS_FIELD_OF: Record<keyof StoreSettings, SettingsFormFields> = {
	storeName: 'storeName',
	logoUrl: 'logoUrl',
	contactEmail: 'contactEmail',
	whatsappNumber: 'whatsappNumber',
	city: 'city',
	instagramUrl: 'instagramUrl',
	pixKey: 'pixKey',
	pixMerchantName: 'pixMerchantName',
	pixMerchantCity: 'pixMerchantCity',
	freeShippingThresholdCents: 'freeShippingThreshold',
	shippingRateCents: 'shippingRate',
	giftProductHandle: 'giftProductHandle',
	giftThresholdCents: 'giftThreshold',
	pixPaymentWindowHours: 'pixPaymentWindowHours',
	legalName: 'legalName',
	cnpj: 'cnpj',
	businessAddress: 'businessAddress',
	returnsPolicy: 'returnsPolicy',
	privacyPolicy: 'privacyPolicy',
	termsOfUse: 'termsOfUse',
}

/** What the form shows for stored settings. */
export function settingsFormValues(settings: StoreSettings): Record<SettingsFormFields, string> {
	return {
		storeName: settings.storeName,
		logoUrl: settings.logoUrl ?? '',
		contactEmail: settings.contactEmail,
		whatsappNumber: settings.whatsappNumber,
		city: settings.city,
		instagramUrl: settings.instagramUrl ?? '',
		pixKey: settings.pixKey ?? '',
		pixMerchantName: settings.pixMerchantName,
		pixMerchantCity: settings.pixMerchantCity,
		freeShippingThreshold: formatMoneyInput(settings.freeShippingThresholdCents),
		shippingRate: formatMoneyInput(settings.shippingRateCents),
		giftProductHandle: settings.giftProductHandle ?? '',
		giftThreshold: formatMoneyInput(settings.giftThresholdCents),
		pixPaymentWindowHours: String(settings.pixPaymentWindowHours),
		legalName: settings.legalName ?? '',
		cnpj: settings.cnpj ? formatCnpj(settings.cnpj) : '',
		businessAddress: settings.businessAddress ?? '',
		returnsPolicy: settings.returnsPolicy,
		privacyPolicy: settings.privacyPolicy,
		termsOfUse: settings.termsOfUse,
	}
}
