import { describe, expect, it } from 'vitest'
import { PRODUCT_PAGE_ADDONS } from '~/server/seed/catalogue'
import { cartLineInputSchema } from '~/utils/cart-form'
import { ADD_ON_MESSAGES, addonKeyOfHandle, lineAttributesIssue, PRODUCT_ADDON_HANDLES, type ProductAddonKey } from './add-on-lines'
import { type BuildLinesInput, buildProductCartLines, lineAttributesSchema, productExtrasSchema } from './add-on-schemas'

const addonVariantIds = { extensor: 'v-ext', petName: 'v-nome', instagram: 'v-insta', perfume: 'v-perfume' }

function input(overrides: Partial<BuildLinesInput> = {}): BuildLinesInput {
	return {
		variant: { id: 'v-main', availableForSale: true },
		quantity: 2,
		productTitle: 'Bandana Preta',
		kind: { bandana: true, bow: false },
		extras: {},
		addonVariantIds,
		...overrides,
	}
}

describe('buildProductCartLines', () => {
	it('only the main line without extras', () => {
		expect(buildProductCartLines(input())).toEqual({ ok: true, lines: [{ variantId: 'v-main', quantity: 2 }], skipped: [] })
	})

	it('one separate line per extra, same quantity, name and Instagram as attributes (document 000 §9)', () => {
		const result = buildProductCartLines(
			input({ quantity: 3, extras: { extensor: true, perfume: true, petName: '  Thor ', instagram: '@thor.pet' } }),
		)
		expect(result).toEqual({
			ok: true,
			skipped: [],
			lines: [
				{ variantId: 'v-main', quantity: 3 },
				{ variantId: 'v-ext', quantity: 3, attributes: [{ key: 'Para', value: 'Bandana Preta' }] },
				{
					variantId: 'v-nome',
					quantity: 3,
					attributes: [
						{ key: 'Nome do pet', value: 'Thor' },
						{ key: 'Para', value: 'Bandana Preta' },
					],
				},
				{
					variantId: 'v-insta',
					quantity: 3,
					attributes: [
						{ key: 'Instagram do pet', value: '@thor.pet' },
						{ key: 'Para', value: 'Bandana Preta' },
					],
				},
				{ variantId: 'v-perfume', quantity: 3, attributes: [{ key: 'Para', value: 'Bandana Preta' }] },
			],
		})
		// Every line honours the /cart contract.
		if (result.ok) for (const line of result.lines) expect(cartLineInputSchema.safeParse(line).success).toBe(true)
	})

	it('blank name or Instagram adds no line', () => {
		const result = buildProductCartLines(input({ extras: { petName: '   ', instagram: '@' } }))
		expect(result.ok && result.lines).toHaveLength(1)
	})

	it('extras are ignored for products that do not offer them', () => {
		const result = buildProductCartLines(input({ kind: { bandana: false, bow: false }, extras: { extensor: true, petName: 'Thor' } }))
		expect(result).toEqual({ ok: true, lines: [{ variantId: 'v-main', quantity: 2 }], skipped: [] })
	})

	it('a missing add-on product is skipped and reported, the rest is added', () => {
		const result = buildProductCartLines(input({ extras: { extensor: true, perfume: true }, addonVariantIds: { perfume: 'v-perfume' } }))
		expect(result).toEqual({
			ok: true,
			skipped: ['extensor'],
			lines: [
				{ variantId: 'v-main', quantity: 2 },
				{ variantId: 'v-perfume', quantity: 2, attributes: [{ key: 'Para', value: 'Bandana Preta' }] },
			],
		})
	})

	it('bows carry the fastening on the main line and need one', () => {
		const bow = { kind: { bandana: false, bow: true } }
		expect(buildProductCartLines(input({ ...bow, extras: { fastening: 'Presilha' } }))).toEqual({
			ok: true,
			skipped: [],
			lines: [{ variantId: 'v-main', quantity: 2, attributes: [{ key: 'Fixação', value: 'Presilha' }] }],
		})
		expect(buildProductCartLines(input(bow))).toEqual({ ok: false, error: ADD_ON_MESSAGES.fasteningInvalid })
		expect(buildProductCartLines(input({ ...bow, extras: { fastening: 'Cola' as never } }))).toEqual({
			ok: false,
			error: 'Escolha a fixação do lacinho',
		})
	})

	it('refuses an unavailable or missing variant with the product page wording (document 000 §5)', () => {
		expect(buildProductCartLines(input({ variant: undefined }))).toEqual({ ok: false, error: 'Esta variante não está disponível.' })
		expect(buildProductCartLines(input({ variant: { id: 'v', availableForSale: false } }))).toEqual({
			ok: false,
			error: 'Esta variante não está disponível.',
		})
	})

	it('refuses quantities below 1, fractions and above the cart limit', () => {
		for (const quantity of [0, -1, 1.5, Number.NaN]) {
			expect(buildProductCartLines(input({ quantity })), String(quantity)).toEqual({ ok: false, error: 'Quantidade inválida' })
		}
		expect(buildProductCartLines(input({ quantity: 1000 }))).toEqual({ ok: false, error: 'A quantidade máxima por item é 999.' })
	})

	it('limits the pet name to 20 and the Instagram handle to 30 characters, in Portuguese', () => {
		expect(buildProductCartLines(input({ extras: { petName: 'a'.repeat(20) } })).ok).toBe(true)
		expect(buildProductCartLines(input({ extras: { petName: 'a'.repeat(21) } }))).toEqual({
			ok: false,
			error: 'O nome do pet deve ter no máximo 20 caracteres',
		})
		// The @ does not count.
		expect(buildProductCartLines(input({ extras: { instagram: `@${'a'.repeat(30)}` } })).ok).toBe(true)
		expect(buildProductCartLines(input({ extras: { instagram: 'a'.repeat(31) } }))).toEqual({
			ok: false,
			error: 'O Instagram do pet deve ter no máximo 30 caracteres',
		})
		expect(buildProductCartLines(input({ extras: { instagram: 'thor pet!' } }))).toEqual({
			ok: false,
			error: ADD_ON_MESSAGES.instagramInvalid,
		})
	})
})

describe('the server holds every line to the same rules (document 000 §5, §9)', () => {
	const addonOf = new Map<string, ProductAddonKey>(Object.entries(addonVariantIds).map(([key, id]) => [id, key as ProductAddonKey]))

	it('every line the product page builds passes them', () => {
		for (const kind of [{ bandana: true, bow: false }, { bandana: false, bow: true }]) {
			const result = buildProductCartLines(
				input({ kind, extras: { extensor: true, perfume: true, petName: 'a'.repeat(20), instagram: `@${'b'.repeat(30)}`, fastening: 'Presilha' } }),
			)
			if (!result.ok) throw new Error(result.error)
			for (const line of result.lines) {
				expect(lineAttributesSchema.safeParse(line.attributes ?? []).success).toBe(true)
				expect(lineAttributesIssue(line.attributes ?? [], addonOf.get(line.variantId) ?? null)).toBeNull()
			}
		}
	})

	it('the name and Instagram go only on their own embroidery line, which needs them', () => {
		const name = { key: 'Nome do pet', value: 'Thor' }
		const instagram = { key: 'Instagram do pet', value: '@thor' }
		const para = { key: 'Para', value: 'Bandana Preta' }
		expect(lineAttributesIssue([name], null)).toBe(ADD_ON_MESSAGES.personalizationNeedsAddon)
		expect(lineAttributesIssue([instagram], null)).toBe(ADD_ON_MESSAGES.personalizationNeedsAddon)
		expect(lineAttributesIssue([instagram, para], 'petName')).toBe(ADD_ON_MESSAGES.personalizationNeedsAddon)
		expect(lineAttributesIssue([name, para], 'perfume')).toBe(ADD_ON_MESSAGES.personalizationNeedsAddon)
		expect(lineAttributesIssue([para], 'petName')).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(lineAttributesIssue([para], 'instagram')).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(lineAttributesIssue([para], null)).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(lineAttributesIssue([{ key: 'Fixação', value: 'Presilha' }], 'extensor')).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(lineAttributesIssue([{ key: 'Cor', value: 'Azul' }], null)).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(lineAttributesIssue([name, para], 'petName')).toBeNull()
		expect(lineAttributesIssue([instagram, para], 'instagram')).toBeNull()
		expect(lineAttributesIssue([], null)).toBeNull()
	})

	it('values keep the product page limits and words', () => {
		const first = (value: unknown) => {
			const parsed = lineAttributesSchema.safeParse(value)
			return parsed.success ? parsed.data : parsed.error.issues[0]?.message
		}
		expect(first([{ key: 'Nome do pet', value: ` ${'a'.repeat(20)} ` }])).toEqual([{ key: 'Nome do pet', value: 'a'.repeat(20) }])
		expect(first([{ key: 'Nome do pet', value: 'a'.repeat(21) }])).toBe('O nome do pet deve ter no máximo 20 caracteres')
		expect(first([{ key: 'Nome do pet', value: '  ' }])).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(first([{ key: 'Instagram do pet', value: 'thor.pet' }])).toEqual([{ key: 'Instagram do pet', value: '@thor.pet' }])
		expect(first([{ key: 'Instagram do pet', value: `@${'a'.repeat(31)}` }])).toBe('O Instagram do pet deve ter no máximo 30 caracteres')
		expect(first([{ key: 'Instagram do pet', value: '@' }])).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(first([{ key: 'Fixação', value: 'Cola' }])).toBe('Escolha a fixação do lacinho')
		expect(first([{ key: 'Para', value: 'x'.repeat(201) }])).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(first([{ key: 'Cor', value: 'Azul' }])).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(first([{ key: 'Nome do pet', value: 3 }])).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(first('lixo')).toBe(ADD_ON_MESSAGES.attributeInvalid)
		expect(first([{ key: 'Nome do pet', value: 'Thor' }, { key: 'Nome do pet', value: 'Mel' }])).toBe(ADD_ON_MESSAGES.attributeInvalid)
	})

	it('knows the add-on products by handle', () => {
		expect(addonKeyOfHandle('adicional-nome-pet')).toBe('petName')
		expect(addonKeyOfHandle('adicional-instagram-pet')).toBe('instagram')
		expect(addonKeyOfHandle('bandana-preta')).toBeNull()
	})
})

describe('productExtrasSchema', () => {
	it('defaults to no extras', () => {
		expect(productExtrasSchema.parse({})).toEqual({ extensor: false, perfume: false, petName: '', instagram: '' })
	})
})

describe('PRODUCT_ADDON_HANDLES', () => {
	it('are the seeded add-on products (document 000 §9 prices live there, never here)', () => {
		expect(PRODUCT_ADDON_HANDLES).toEqual({
			extensor: PRODUCT_PAGE_ADDONS.extensor.handle,
			petName: PRODUCT_PAGE_ADDONS.petName.handle,
			instagram: PRODUCT_PAGE_ADDONS.instagram.handle,
			perfume: PRODUCT_PAGE_ADDONS.perfume.handle,
		})
	})
})
