import { describe, expect, it } from 'vitest'
import { classifyPixKey, PIX_KEY_MESSAGES, pixKeyFeedback, pixKeySchema, pixKeyType } from './pix-key'

// Issue 28, defect 3 (decision 069): each kind of PIX key, as an owner types it, becomes the
// form the Banco Central's DICT stores; anything else gets a Portuguese message for its kind.

describe('classifyPixKey: CPF', () => {
	it('takes digits or the punctuated form and keeps digits only', () => {
		expect(classifyPixKey('529.982.247-25')).toEqual({ type: 'cpf', key: '52998224725' })
		expect(classifyPixKey(' 52998224725 ')).toEqual({ type: 'cpf', key: '52998224725' })
		expect(classifyPixKey('111.444.777-35')).toEqual({ type: 'cpf', key: '11144477735' })
		expect(classifyPixKey('529 982 247 25')).toEqual({ type: 'cpf', key: '52998224725' })
	})

	it('refuses wrong check digits and the repeated-digit numbers', () => {
		expect(classifyPixKey('529.982.247-26')).toEqual({ error: PIX_KEY_MESSAGES.cpf })
		expect(classifyPixKey('111.111.111-11')).toEqual({ error: PIX_KEY_MESSAGES.cpf })
		expect(PIX_KEY_MESSAGES.cpf).toBe('Chave PIX inválida: CPF com dígitos verificadores incorretos. Confira os 11 números.')
	})

	it('never guesses that eleven bare digits are a phone: it says how to write one', () => {
		expect(classifyPixKey('11987654321')).toEqual({ error: PIX_KEY_MESSAGES.cpfOrPhone })
		expect(PIX_KEY_MESSAGES.cpfOrPhone).toContain('(11) 98765-4321')
	})
})

describe('classifyPixKey: CNPJ', () => {
	it('takes digits or the punctuated form and keeps digits only', () => {
		expect(classifyPixKey('11.222.333/0001-81')).toEqual({ type: 'cnpj', key: '11222333000181' })
		expect(classifyPixKey('45997418000153')).toEqual({ type: 'cnpj', key: '45997418000153' })
		// A leading zero is part of the key (why it must never become a number).
		expect(classifyPixKey('06.990.590/0001-23')).toEqual({ type: 'cnpj', key: '06990590000123' })
	})

	it('refuses wrong check digits', () => {
		expect(classifyPixKey('11.222.333/0001-82')).toEqual({ error: PIX_KEY_MESSAGES.cnpj })
		expect(classifyPixKey('00000000000000')).toEqual({ error: PIX_KEY_MESSAGES.cnpj })
	})

	it('takes an alphanumeric CNPJ (issued since July 2026) in any case, letters kept in upper case', () => {
		// The Receita Federal's own example (IN RFB 2.229/2024).
		expect(classifyPixKey('12.ABC.345/01DE-35')).toEqual({ type: 'cnpj', key: '12ABC34501DE35' })
		expect(classifyPixKey('12abc34501de35')).toEqual({ type: 'cnpj', key: '12ABC34501DE35' })
		expect(classifyPixKey('12.ABC.345/01DE-36')).toEqual({ error: PIX_KEY_MESSAGES.cnpjAlphanumeric })
		// Letters only where the Receita allows them: the two check digits are digits.
		expect(classifyPixKey('12ABC34501DE3A')).toEqual({ error: PIX_KEY_MESSAGES.unknown })
	})

	it('explains the lengths for any other count of digits', () => {
		expect(classifyPixKey('1234567890')).toEqual({ error: PIX_KEY_MESSAGES.digits })
		expect(classifyPixKey('112223330001')).toEqual({ error: PIX_KEY_MESSAGES.digits })
	})
})

describe('classifyPixKey: mobile phone', () => {
	it('writes +55, the DDD and the number, from the forms people type', () => {
		for (const typed of ['+5511987654321', '+55 11 98765-4321', '+55 (11) 98765-4321', '(11) 98765-4321', '(11)98765-4321', '11 98765-4321', '11 98765 4321']) {
			expect(classifyPixKey(typed), typed).toEqual({ type: 'phone', key: '+5511987654321' })
		}
	})

	it('refuses landlines, a DDD with zero, short numbers and other countries', () => {
		expect(classifyPixKey('+55 11 3234-5678')).toEqual({ error: PIX_KEY_MESSAGES.phone })
		expect(classifyPixKey('(11) 3234-5678')).toEqual({ error: PIX_KEY_MESSAGES.phone })
		expect(classifyPixKey('+55 01 91234-5678')).toEqual({ error: PIX_KEY_MESSAGES.phone })
		expect(classifyPixKey('(11) 98765-432')).toEqual({ error: PIX_KEY_MESSAGES.phone })
		expect(classifyPixKey('+1 415 555 0100')).toEqual({ error: PIX_KEY_MESSAGES.phoneCountry })
		expect(PIX_KEY_MESSAGES.phone).toContain('+5511987654321')
	})
})

describe('classifyPixKey: e-mail', () => {
	it('lower-cases the address', () => {
		expect(classifyPixKey(' Loja.Pet@Exemplo.COM.br ')).toEqual({ type: 'email', key: 'loja.pet@exemplo.com.br' })
	})

	it('allows 77 characters and no more', () => {
		const local = (n: number) => `${'a'.repeat(n - '@exemplo.com'.length)}@exemplo.com`
		expect(classifyPixKey(local(77))).toEqual({ type: 'email', key: local(77) })
		expect(classifyPixKey(local(78))).toEqual({ error: PIX_KEY_MESSAGES.emailLength })
	})

	it('refuses a malformed address', () => {
		expect(classifyPixKey('loja@')).toEqual({ error: PIX_KEY_MESSAGES.email })
		expect(classifyPixKey('loja @exemplo.com')).toEqual({ error: PIX_KEY_MESSAGES.email })
	})
})

describe('classifyPixKey: random key (EVP)', () => {
	it('lower-cases the UUID', () => {
		expect(classifyPixKey('123E4567-E89B-42D3-A456-426614174000')).toEqual({ type: 'evp', key: '123e4567-e89b-42d3-a456-426614174000' })
	})

	it('refuses a mistyped one with the expected shape', () => {
		expect(classifyPixKey('123e4567-e89b-42d3-a456-42661417400')).toEqual({ error: PIX_KEY_MESSAGES.evp })
		expect(classifyPixKey('123e4567e89b42d3a456426614174000')).toEqual({ error: PIX_KEY_MESSAGES.evp })
	})
})

describe('anything else', () => {
	it('is refused with a message that lists the kinds', () => {
		expect(classifyPixKey('')).toEqual({ error: 'Informe a chave PIX.' })
		expect(classifyPixKey('minha chave')).toEqual({ error: PIX_KEY_MESSAGES.unknown })
		expect(classifyPixKey('🐶')).toEqual({ error: PIX_KEY_MESSAGES.unknown })
	})
})

describe('pixKeySchema and pixKeyType', () => {
	it('outputs the normalised key, or the kind’s message as the issue', () => {
		expect(pixKeySchema.parse('(21) 99876-5432')).toBe('+5521998765432')
		const result = pixKeySchema.safeParse('529.982.247-26')
		expect(result.error?.issues[0]?.message).toBe(PIX_KEY_MESSAGES.cpf)
	})

	it('names the kind of a stored (normalised) key only', () => {
		expect(pixKeyType('52998224725')).toBe('cpf')
		expect(pixKeyType('+5511987654321')).toBe('phone')
		expect(pixKeyType('(11) 98765-4321')).toBeNull()
		expect(pixKeyType('nada')).toBeNull()
	})
})

describe('pixKeyFeedback (the settings form, as the owner types)', () => {
	it('names the kind recognised: CPF, CNPJ, telefone, e-mail, chave aleatória', () => {
		expect(pixKeyFeedback('529.982.247-25')).toEqual({ ok: true, type: 'cpf', message: 'Chave reconhecida: CPF.' })
		expect(pixKeyFeedback('11.222.333/0001-81')).toMatchObject({ ok: true, message: 'Chave reconhecida: CNPJ.' })
		expect(pixKeyFeedback('(11) 98765-4321')).toMatchObject({ ok: true, message: 'Chave reconhecida: telefone.' })
		expect(pixKeyFeedback('Loja@Exemplo.com.br')).toMatchObject({ ok: true, message: 'Chave reconhecida: e-mail.' })
		expect(pixKeyFeedback('123e4567-e89b-12d3-a456-426614174000')).toMatchObject({ ok: true, message: 'Chave reconhecida: chave aleatória.' })
	})

	it('says why a key is not valid yet, and nothing for an empty field', () => {
		expect(pixKeyFeedback('529.982.247-26')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.cpf })
		expect(pixKeyFeedback('5299')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.digits })
		expect(pixKeyFeedback('   ')).toBeNull()
	})
})
