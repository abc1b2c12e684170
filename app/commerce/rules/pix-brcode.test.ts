import { describe, expect, it } from 'vitest'
import {
	buildPixPayload,
	crc16ccitt,
	formatPixAmount,
	parsePixPayload,
	PixPayloadError,
	pixPayloadInputSchema,
	toPixTxid,
} from './pix-brcode'

// Published static BR Codes, reproduced byte for byte from the same fields.
const PUBLISHED = {
	// Manual de Padrões para Iniciação do Pix (BCB), static example with a random (EVP) key; CRC 1D3D.
	bcbManual:
		'00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
	// Brla Digital's public payment-API documentation (static PIX with amount 5.00 and a txid).
	brlaAmount5:
		'00020126580014br.gov.bcb.pix0136fd276f0c-9945-49b9-aab9-4a2ff48ad72b52040000530398654045.005802BR5917Brla Digital Ltda6009Sao Paulo621605120000Kiref1236304E61E',
	// Same documentation, amount 15.00 and a 21-character txid.
	brlaAmount15:
		'00020126580014br.gov.bcb.pix0136fd276f0c-9945-49b9-aab9-4a2ff48ad72b520400005303986540515.005802BR5917Brla Digital Ltda6009Sao Paulo622505210000Ki7ad1bec0585e4816304E7CF',
	// A parish's published 'copia e cola' with a phone key.
	phoneKey:
		'00020126360014br.gov.bcb.pix0114+55619841395965204000053039865802BR5922CONFERENCIA N S FATIMA6008BRASILIA62070503***6304A866',
	// Decoder test of the Elixir 'brcode' library: upper-case GUI, description, amount, txid with spaces.
	// Our generator never emits this shape (txid with spaces), so it is only parsed.
	elixirDecoder:
		'00020126490014BR.GOV.BCB.PIX0111111111111110212Vacina covid52040000530398654031005802BR5904CARL6010SAN.FIERRO62210517Lojinha da paixao63045982',
}

describe('crc16ccitt', () => {
	it('gives the CRC-16/CCITT-FALSE check value for "123456789"', () => {
		expect(crc16ccitt('123456789')).toBe('29B1')
	})

	it('matches the CRC of the BCB manual example (computed over the text up to and including 6304)', () => {
		expect(crc16ccitt(PUBLISHED.bcbManual.slice(0, -4))).toBe('1D3D')
	})

	it('pads to four uppercase hex digits', () => {
		expect(crc16ccitt('')).toBe('FFFF')
		for (const text of ['a', 'PIX', 'São Paulo']) expect(crc16ccitt(text)).toMatch(/^[0-9A-F]{4}$/)
	})
})

describe('buildPixPayload reproduces published BR Codes', () => {
	it('BCB manual example', () => {
		expect(
			buildPixPayload({
				key: '123e4567-e12b-12d1-a456-426655440000',
				merchantName: 'Fulano de Tal',
				merchantCity: 'BRASILIA',
				amountCents: 0,
			}),
		).toBe(PUBLISHED.bcbManual)
	})

	it('Brla Digital example with R$ 5,00', () => {
		expect(
			buildPixPayload({
				key: 'fd276f0c-9945-49b9-aab9-4a2ff48ad72b',
				merchantName: 'Brla Digital Ltda',
				merchantCity: 'Sao Paulo',
				amountCents: 500,
				txid: '0000Kiref123',
			}),
		).toBe(PUBLISHED.brlaAmount5)
	})

	it('Brla Digital example with R$ 15,00', () => {
		expect(
			buildPixPayload({
				key: 'fd276f0c-9945-49b9-aab9-4a2ff48ad72b',
				merchantName: 'Brla Digital Ltda',
				merchantCity: 'Sao Paulo',
				amountCents: 1500,
				txid: '0000Ki7ad1bec0585e481',
			}),
		).toBe(PUBLISHED.brlaAmount15)
	})

	it('phone-key example', () => {
		expect(
			buildPixPayload({
				key: '+55 (61) 98413-9596',
				merchantName: 'CONFERENCIA N S FATIMA',
				merchantCity: 'BRASILIA',
				amountCents: 0,
			}),
		).toBe(PUBLISHED.phoneKey)
	})
})

describe('buildPixPayload', () => {
	const base = { key: 'loja@exemplo.com.br', merchantName: 'Patinhas Pet', merchantCity: 'Sao Paulo', amountCents: 10269 }

	it('writes the amount with two decimals and a dot', () => {
		const payload = buildPixPayload(base)
		expect(payload).toContain('5406102.69')
		expect(formatPixAmount(1)).toBe('0.01')
		expect(formatPixAmount(10)).toBe('0.10')
		expect(formatPixAmount(9999)).toBe('99.99')
		expect(formatPixAmount(10000)).toBe('100.00')
		expect(formatPixAmount(123456789)).toBe('1234567.89')
	})

	it('omits field 54 when the amount is zero', () => {
		const payload = buildPixPayload({ ...base, amountCents: 0 })
		expect(parsePixPayload(payload)).toMatchObject({ ok: true, payload: { amountCents: null } })
		expect(payload).not.toMatch(/5303986540/)
	})

	it('removes accents from merchant name, city and description', () => {
		const payload = buildPixPayload({
			...base,
			merchantName: 'Ateliê São João',
			merchantCity: 'São Paulo',
			description: 'Pedido nº 12 – Laço',
		})
		const parsed = parsePixPayload(payload)
		expect(parsed).toMatchObject({
			ok: true,
			payload: { merchantName: 'Atelie Sao Joao', merchantCity: 'Sao Paulo', description: 'Pedido n 12 Laco' },
		})
	})

	it('round-trips every field through parsePixPayload', () => {
		const payload = buildPixPayload({ ...base, txid: 'PED20260001', description: 'Pedido PED-2026-0001' })
		const parsed = parsePixPayload(payload)
		expect(parsed).toEqual({
			ok: true,
			payload: expect.objectContaining({
				gui: 'br.gov.bcb.pix',
				key: 'loja@exemplo.com.br',
				description: 'Pedido PED-2026-0001',
				merchantCategoryCode: '0000',
				currency: '986',
				amountCents: 10269,
				countryCode: 'BR',
				merchantName: 'Patinhas Pet',
				merchantCity: 'Sao Paulo',
				txid: 'PED20260001',
			}),
		})
		expect(payload.startsWith('000201')).toBe(true)
		expect(payload).toMatch(/6304[0-9A-F]{4}$/)
	})

	it('puts the normalised key in field 26, whatever form the owner typed (rules in pix-key.test.ts)', () => {
		for (const [typed, key] of [
			['529.982.247-25', '52998224725'],
			['11.222.333/0001-81', '11222333000181'],
			['(11) 98765-4321', '+5511987654321'],
			[' Loja@Exemplo.COM ', 'loja@exemplo.com'],
			['123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000'],
		]) {
			const parsed = parsePixPayload(buildPixPayload({ ...base, key: typed! }))
			expect(parsed.ok && parsed.payload.key, typed).toBe(key)
		}
	})

	it('rejects bad input with per-field Portuguese errors', () => {
		const result = pixPayloadInputSchema.safeParse({
			key: 'abc',
			merchantName: 'Um nome de loja longo demais para o PIX',
			merchantCity: '',
			amountCents: 10.5,
			txid: 'PED-1',
		})
		expect(result.success).toBe(false)
		const byPath = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]))
		expect(byPath).toEqual({
			key: expect.stringContaining('Chave PIX inválida'),
			merchantName: 'O nome do recebedor PIX pode ter no máximo 25 caracteres (sem acentos).',
			merchantCity: 'Informe a cidade do recebedor PIX.',
			amountCents: 'O valor do PIX deve estar em centavos inteiros.',
			txid: 'Identificador do PIX inválido: use até 25 letras e números, sem espaços.',
		})
		expect(() => buildPixPayload({ ...base, amountCents: -1 })).toThrow(PixPayloadError)
		expect(() => buildPixPayload({ ...base, amountCents: -1 })).toThrow('O valor do PIX não pode ser negativo.')
	})

	it('keeps field 26 within 99 characters', () => {
		const key = `${'a'.repeat(60)}@exemplo.com` // 72 characters: room for only 1 description character
		expect(() => buildPixPayload({ ...base, key, description: 'Pedido 1' })).toThrow(/descrição do PIX pode ter no máximo 1 caracteres/)
		expect(() => buildPixPayload({ ...base, key, description: 'P' })).not.toThrow()
	})

	it('turns an order reference into a txid', () => {
		expect(toPixTxid('PED-2026-0001')).toBe('PED20260001')
		expect(toPixTxid('a'.repeat(30))).toBe('a'.repeat(25))
		expect(toPixTxid('---')).toBe('***')
	})
})

describe('parsePixPayload', () => {
	it('accepts every published example', () => {
		for (const payload of Object.values(PUBLISHED)) expect(parsePixPayload(payload).ok).toBe(true)
	})

	it('reads an upper-case GUI, description and amount (Elixir brcode example)', () => {
		expect(parsePixPayload(PUBLISHED.elixirDecoder)).toMatchObject({
			ok: true,
			payload: {
				gui: 'BR.GOV.BCB.PIX',
				key: '11111111111',
				description: 'Vacina covid',
				amountCents: 10000,
				merchantName: 'CARL',
				merchantCity: 'SAN.FIERRO',
				txid: 'Lojinha da paixao',
				crc: '5982',
			},
		})
	})

	it('rejects a payload whose CRC does not match', () => {
		const tampered = PUBLISHED.bcbManual.replace('Fulano', 'Fulana')
		expect(parsePixPayload(tampered)).toEqual({ ok: false, error: 'Código PIX inválido: o CRC não confere.' })
		expect(parsePixPayload(PUBLISHED.bcbManual.slice(0, -4) + '0000')).toMatchObject({ ok: false })
	})

	it('rejects text without a CRC or with a broken structure', () => {
		expect(parsePixPayload('hello')).toEqual({ ok: false, error: 'Código PIX inválido: falta o CRC no final.' })
		const broken = '000201269'
		expect(parsePixPayload(broken + '6304' + crc16ccitt(broken + '6304'))).toEqual({
			ok: false,
			error: 'Código PIX inválido: estrutura de campos incorreta.',
		})
	})
})
