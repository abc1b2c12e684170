import { z } from 'zod'
import { formatCnpj, isValidCnpj, normalizeCnpj } from '~/commerce/rules/cpf'
import { pixKeySchema, pixMerchantCitySchema, pixMerchantNameSchema } from '~/commerce/rules/pix-brcode'
import { formatMoneyInput, parseMoneyInput } from '~/components/admin/money'
import { SHIPPING_REGIONS, type ShippingRegion, type ShippingTable } from '~/commerce/rules/shipping'
import type { StoreSettings, StoreSettingsUpdate } from '~/server/settings.server'
import { userText } from '~/utils/text-schema'
import { formatCep } from '~/commerce/rules/cep'

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

/** Business days of a delivery window: 1 to 90. */
const days = (label: string) =>
	userText()
		.trim()
		.refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 90, `${label}: informe de 1 a 90 dias úteis.`)
		.transform(Number)

/** The shipping table's fields: rate, minimum and maximum days per region (issue 13). */
type RegionField = `shippingRate_${ShippingRegion}` | `shippingMinDays_${ShippingRegion}` | `shippingMaxDays_${ShippingRegion}`
const regionFields = Object.fromEntries(
	SHIPPING_REGIONS.flatMap((region) => [
		[`shippingRate_${region}`, money('o frete').optional()],
		[`shippingMinDays_${region}`, days('Prazo mínimo').optional()],
		[`shippingMaxDays_${region}`, days('Prazo máximo').optional()],
	]),
) as Record<RegionField, z.ZodOptional<ReturnType<typeof money>> | z.ZodOptional<ReturnType<typeof days>>>

/** A whole number from min to max, typed as text. */
const wholeNumber = (message: string, min: number, max: number) =>
	userText()
		.trim()
		.refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= min && Number(v) <= max, message)
		.transform(Number)

/** '5', '5,5' or '' (no discount) → percent with at most one decimal. */
const percent = userText()
	.trim()
	.default('')
	.transform((v, ctx) => {
		if (v === '') return 0
		if (!/^\d{1,2}([.,]\d)?$/.test(v)) {
			ctx.addIssue({ code: 'custom', message: 'Desconto no PIX: informe um percentual como 5 ou 7,5.' })
			return z.NEVER
		}
		return Number(v.replace(',', '.'))
	})

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim())
const optionalText = userText().default('').transform(blankToNull)

export const settingsFormSchema = z.object({
	storeName: userText().trim().min(1, 'Informe o nome da loja.').max(80, 'O nome da loja deve ter no máximo 80 caracteres.'),
	contactEmail: userText().trim().pipe(z.email('Informe um e-mail de contato válido.')),
	whatsappNumber: userText().transform((v) => v.replace(/[\s()+-]/g, '')),
	city: userText().trim().min(1, 'Informe a cidade.').max(80, 'A cidade deve ter no máximo 80 caracteres.'),
	instagramUrl: optionalText,
	pixKey: userText().default('').transform(blankToNull).pipe(pixKeySchema.nullable()),
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
		// Alphanumeric CNPJs (July 2026) keep their letters: only the punctuation goes.
		.transform((v) => {
			const typed = blankToNull(v)
			return typed === null ? null : normalizeCnpj(typed)
		})
		.refine((v) => v === null || isValidCnpj(v), 'CNPJ inválido. Confira os 14 caracteres.')
		.optional(),
	businessAddress: userText().transform(blankToNull).optional(),
	returnsPolicy: userText().optional(),
	privacyPolicy: userText().optional(),
	termsOfUse: userText().optional(),
	...regionFields,
	pixDiscountPercent: percent.optional(),
	appStoreUrl: userText().transform(blankToNull).optional(),
	playStoreUrl: userText().transform(blankToNull).optional(),
	pixPaymentWindowHours: z
		.string()
		.default('24')
		.transform((v) => v.trim())
		.refine((v) => v !== '', 'Informe o prazo de pagamento do PIX em horas.')
		.refine((v) => /^\d{1,4}$/.test(v), 'Prazo do PIX: informe um número inteiro de horas.')
		.transform(Number),
	/** Issue 30 (decision 096): how long the activity log is kept, in days. */
	activityLogRetentionDays: userText()
		.trim()
		.refine((v) => /^\d{1,4}$/.test(v), 'Registro de atividade: informe um número inteiro de dias.')
		.transform(Number)
		.optional(),
	/** Issue 32 (decision 085): production days, 0 to 60, and the hour after which the day does not count. */
	productionDays: wholeNumber('Produção: informe de 0 a 60 dias úteis.', 0, 60).optional(),
	personalizedProductionDays: wholeNumber('Produção das personalizadas: informe de 0 a 60 dias úteis.', 0, 60).optional(),
	deliveryCutoffHour: wholeNumber('Horário de corte: informe uma hora de 0 a 23.', 0, 23).optional(),
	/** Issue 32 (decision 087): the origin CEP and the carrier services quoted ('1, 2'). */
	shippingOriginCep: userText().trim().optional(),
	freeShippingServiceId: userText()
		.trim()
		.transform((value, ctx) => {
			if (value === '') return null
			if (!/^\d{1,4}$/.test(value) || Number(value) < 1) {
				ctx.addIssue({ code: 'custom', message: 'Frete grátis: informe o número de um serviço (ex.: 1 para PAC) ou deixe vazio.' })
				return z.NEVER
			}
			return Number(value)
		})
		.optional(),
	carrierServices: userText()
		.transform((value, ctx) => {
			const parts = value.split(/[\s,;]+/).filter(Boolean)
			if (parts.length === 0 || !parts.every((p) => /^\d{1,4}$/.test(p))) {
				ctx.addIssue({ code: 'custom', message: 'Serviços de entrega: informe os números dos serviços separados por vírgula (ex.: 1, 2).' })
				return z.NEVER
			}
			return parts.map(Number)
		})
		.optional(),
	/** Issue 29 (decision 077): card instalments the shop absorbs the interest of, 1 to 6. */
	cardInterestFreeInstallments: z
		.string()
		.transform((v) => v.trim())
		.refine((v) => /^[1-6]$/.test(v), 'Parcelas sem juros: informe um número de 1 a 6.')
		.transform(Number)
		.optional(),
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
	'pixDiscountPercent',
	'cardInterestFreeInstallments',
	'productionDays',
	'personalizedProductionDays',
	'deliveryCutoffHour',
	'shippingOriginCep',
	'carrierServices',
	'freeShippingServiceId',
	'appStoreUrl',
	'playStoreUrl',
	'activityLogRetentionDays',
	...SHIPPING_REGIONS.flatMap((r) => [`shippingRate_${r}`, `shippingMinDays_${r}`, `shippingMaxDays_${r}`] as const),
])

/** The table from the form when every one of its fields came, else undefined (kept as stored). */
function shippingTableOf(values: Partial<Record<RegionField, number>>): ShippingTable | undefined {
	const rows = SHIPPING_REGIONS.map((region) => {
		const rateCents = values[`shippingRate_${region}`]
		const minDays = values[`shippingMinDays_${region}`]
		const maxDays = values[`shippingMaxDays_${region}`]
		return rateCents === undefined || minDays === undefined || maxDays === undefined
			? null
			: ([region, { rateCents, minDays, maxDays }] as const)
	})
	if (rows.some((row) => row === null)) return undefined
	return Object.fromEntries(rows as Array<readonly [ShippingRegion, ShippingTable[ShippingRegion]]>) as ShippingTable
}

export function toSettingsUpdate(values: z.output<typeof settingsFormSchema>): StoreSettingsUpdate {
	return {
		storeName: values.storeName,
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
			shippingTable: shippingTableOf(values),
			pixDiscountPercent: values.pixDiscountPercent,
			cardInterestFreeInstallments: values.cardInterestFreeInstallments,
			productionDays: values.productionDays,
			personalizedProductionDays: values.personalizedProductionDays,
			deliveryCutoffHour: values.deliveryCutoffHour,
			shippingOriginCep: values.shippingOriginCep,
			carrierServices: values.carrierServices,
			freeShippingServiceId: values.freeShippingServiceId,
			appStoreUrl: values.appStoreUrl,
			playStoreUrl: values.playStoreUrl,
			activityLogRetentionDays: values.activityLogRetentionDays,
		}),
	}
}

/** The fields a form sent: an absent one is left as stored. */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
	return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as never
}

/**
 * The settings' field names in StoreSettings → the form's names (for errors from updateStoreSettings).
 * The points per event and the photos a day that earn them are not on this form (/admin/fidelidade
 * edits them), nor the low-stock threshold (/admin/estoque), nor the logo (a file sent on its own,
 * /admin/configuracoes/logo: a form without it leaves it as stored).
 */
export const SETTINGS_FIELD_OF: Record<
	Exclude<keyof StoreSettings, 'loyaltyPoints' | 'photoPointsPerDay' | 'lowStockThreshold' | 'logoUrl'>,
	SettingsFormFields
> = {
	storeName: 'storeName',
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
	cardInterestFreeInstallments: 'cardInterestFreeInstallments',
	legalName: 'legalName',
	cnpj: 'cnpj',
	businessAddress: 'businessAddress',
	returnsPolicy: 'returnsPolicy',
	privacyPolicy: 'privacyPolicy',
	termsOfUse: 'termsOfUse',
	// Errors of the table point at its first field; the form checks each field before.
	shippingTable: 'shippingRate_sudeste',
	productionDays: 'productionDays',
	personalizedProductionDays: 'personalizedProductionDays',
	deliveryCutoffHour: 'deliveryCutoffHour',
	shippingOriginCep: 'shippingOriginCep',
	carrierServices: 'carrierServices',
	freeShippingServiceId: 'freeShippingServiceId',
	pixDiscountPercent: 'pixDiscountPercent',
	appStoreUrl: 'appStoreUrl',
	playStoreUrl: 'playStoreUrl',
	activityLogRetentionDays: 'activityLogRetentionDays',
}

/** What the form shows for stored settings. */
export function settingsFormValues(settings: StoreSettings): Record<SettingsFormFields, string> {
	return {
		storeName: settings.storeName,
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
		cardInterestFreeInstallments: String(settings.cardInterestFreeInstallments),
		productionDays: String(settings.productionDays),
		personalizedProductionDays: String(settings.personalizedProductionDays),
		deliveryCutoffHour: String(settings.deliveryCutoffHour),
		shippingOriginCep: formatCep(settings.shippingOriginCep),
		carrierServices: settings.carrierServices.join(', '),
		freeShippingServiceId: settings.freeShippingServiceId === null ? '' : String(settings.freeShippingServiceId),
		legalName: settings.legalName ?? '',
		cnpj: settings.cnpj ? formatCnpj(settings.cnpj) : '',
		businessAddress: settings.businessAddress ?? '',
		returnsPolicy: settings.returnsPolicy,
		privacyPolicy: settings.privacyPolicy,
		termsOfUse: settings.termsOfUse,
		pixDiscountPercent: settings.pixDiscountPercent === 0 ? '' : String(settings.pixDiscountPercent).replace('.', ','),
		activityLogRetentionDays: String(settings.activityLogRetentionDays),
		appStoreUrl: settings.appStoreUrl ?? '',
		playStoreUrl: settings.playStoreUrl ?? '',
		...(Object.fromEntries(
			SHIPPING_REGIONS.flatMap((region) => {
				const row = settings.shippingTable[region]
				return [
					[`shippingRate_${region}`, formatMoneyInput(row.rateCents)],
					[`shippingMinDays_${region}`, String(row.minDays)],
					[`shippingMaxDays_${region}`, String(row.maxDays)],
				]
			}),
		) as Record<RegionField, string>),
	}
}
