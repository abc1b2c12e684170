import { describe, expect, test } from 'vitest'
import {
	PERSONALIZATION_MESSAGES,
	type PricedVariant,
	bandanaChoicesSchema,
	bandanaLines,
	collarChoicesSchema,
	collarLines,
	switchArt,
} from './personalization'

const v = (title: string, priceCents: number): PricedVariant => ({ variantId: `v-${title}`, priceCents, title })
/** document 001 §9 prices. */
const priced = {
	base: v('base', 2990),
	items: {
		pet_name: v('nome', 999),
		instagram: v('instagram', 999),
		extensor: v('extensor', 499),
		extra_button: v('botao', 199),
		perfume: v('perfume', 1299),
		pet_face: v('rosto', 2000),
		exclusive_art: v('arte exclusiva', 2000),
	},
}
const ART_ID = '6f1f0e6e-4a8c-4f51-9a55-6a0f3b3f2b11'

describe('bandana choices', () => {
	test('a colour is required; names and Instagram hold at most 20 characters', () => {
		const missing = bandanaChoicesSchema.safeParse({ colour: '' })
		expect(missing.success).toBe(false)
		expect(missing.error?.issues[0]?.message).toBe(PERSONALIZATION_MESSAGES.colourRequired)
		expect(bandanaChoicesSchema.safeParse({ colour: 'Preto', petName: 'x'.repeat(21) }).error?.issues[0]?.message).toBe(
			PERSONALIZATION_MESSAGES.petNameTooLong,
		)
		expect(bandanaChoicesSchema.safeParse({ colour: 'Preto', instagram: '@'.concat('y'.repeat(20)) }).error?.issues[0]?.message).toBe(
			PERSONALIZATION_MESSAGES.instagramTooLong,
		)
		expect(bandanaChoicesSchema.parse({ colour: 'Preto', petName: ' Thor ', instagram: '@thor', extensor: 'on' })).toMatchObject({
			petName: 'Thor',
			instagram: 'thor',
			extensor: true,
			perfume: false,
		})
	})

	test('exclusive art, ready-made art and pet face exclude one another, on the server too', () => {
		const both = bandanaChoicesSchema.safeParse({ colour: 'Preto', readyMadeArtId: ART_ID, petFaceKey: 'rosto-x.png' })
		expect(both.error?.issues[0]?.message).toBe(PERSONALIZATION_MESSAGES.oneArtOnly)
		const ready = { kind: 'ready-made' as const, productId: ART_ID, title: 'Arte Floral' }
		expect(switchArt({ kind: 'exclusive', fileKey: 'a.png' }, ready)).toEqual({
			choice: ready,
			warning: { title: 'Atenção', description: 'Arte exclusiva foi desmarcada: escolha só uma entre arte exclusiva, arte pronta e rosto do pet.' },
		})
		expect(switchArt({ kind: 'none' }, ready).warning).toBeNull()
		expect(switchArt(ready, { kind: 'none' }).warning).toBeNull()
	})
})

describe('bandana lines and total, from the catalogue prices only', () => {
	test('base plus one line per extra at its own price: R$ 29,90 + name 9,99 + face 20,00 = R$ 59,89', () => {
		const choices = bandanaChoicesSchema.parse({ colour: 'Preto', petName: 'Thor', petFaceKey: 'rosto.png', priceCents: '1' })
		const result = bandanaLines(choices, priced)
		expect(result).toMatchObject({ ok: true, totalCents: 5989 })
		expect(result.ok && result.lines.map((l) => [l.role, l.priceCents])).toEqual([
			['base', 2990],
			['pet_name', 999],
			['pet_face', 2000],
		])
	})

	test('every extra and a ready-made art; a missing add-on product is reported, never given free', () => {
		const choices = bandanaChoicesSchema.parse({
			colour: 'Xadrez Vermelho',
			petName: 'Luna',
			instagram: 'luna',
			extensor: 'on',
			extraButton: 'on',
			perfume: 'on',
			readyMadeArtId: ART_ID,
		})
		expect(bandanaLines(choices, { ...priced, art: v('Arte Floral', 1500) })).toMatchObject({ ok: true, totalCents: 2990 + 999 + 999 + 499 + 199 + 1299 + 1500 })
		expect(bandanaLines(choices, priced)).toEqual({ ok: false, missing: ['art'] })
		expect(bandanaLines(choices, { ...priced, items: { ...priced.items, perfume: undefined }, art: v('a', 1) })).toEqual({ ok: false, missing: ['perfume'] })
	})
})

describe('collars', () => {
	test('from 10 units; base and accessory per unit', () => {
		expect(collarChoicesSchema.safeParse({ colour: 'Roxo', quantity: '9' }).error?.issues[0]?.message).toBe('Mínimo de 10 unidades')
		expect(collarChoicesSchema.safeParse({ colour: '', quantity: '10' }).error?.issues[0]?.message).toBe('Selecione uma cor')
		const choices = collarChoicesSchema.parse({ colour: 'Roxo', quantity: '12', accessoryId: ART_ID })
		expect(collarLines(choices, { base: v('base colar', 1990), accessory: v('Sininho', 590) })).toMatchObject({ ok: true, totalCents: 12 * (1990 + 590) })
		expect(collarLines(choices, { base: v('base colar', 1990) })).toEqual({ ok: false, missing: ['accessory'] })
	})
})
