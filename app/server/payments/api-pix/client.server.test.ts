import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, type FakeApiPix, startFakeApiPix } from '#tests/support/fake-api-pix/server'
import { centsToValor, valorToCents } from './amount'
import { ApiPixClient, ApiPixRefused, ApiPixUnavailable } from './client.server'
import { txidForOrder } from './txid'
import { shopMetrics } from '~/server/metrics/registry.server'

/**
 * The API Pix client against the fake PSP, which checks every request and answer against the
 * official document (tests/support/fake-api-pix): `fake.violations` must stay empty.
 */
let fake: FakeApiPix
let client: ApiPixClient
const cob = {
	expiracaoSeconds: 3600,
	devedor: { cpf: '52998224725', nome: 'Maria da Silva' },
	valor: '123.45',
	chave: 'pix@petestilo.com.br',
	solicitacaoPagador: 'Pedido PET-ABC123 na Pet Estilo',
}

beforeAll(async () => {
	fake = await startFakeApiPix()
	client = new ApiPixClient({ apiUrl: fake.apiUrl, oauthUrl: fake.oauthUrl, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET, identity: null })
})
afterAll(() => fake.stop())
afterEach(() => {
	expect(fake.violations).toEqual([])
})

describe('amounts and txids', () => {
	test('cents ↔ "123.45" exactly, no floats', () => {
		expect(centsToValor(12345)).toBe('123.45')
		expect(centsToValor(5)).toBe('0.05')
		expect(centsToValor(100)).toBe('1.00')
		expect(centsToValor(1999999999999)).toBe('19999999999.99')
		expect(valorToCents('0.10')).toBe(10)
		expect(valorToCents('1234567.89')).toBe(123456789)
		expect(valorToCents('1.5')).toBeNull()
		expect(valorToCents(1.5)).toBeNull()
		for (let cents = 0; cents < 2000; cents += 7) expect(valorToCents(centsToValor(cents))).toBe(cents)
		expect(() => centsToValor(1.5)).toThrow()
	})

	test("an order's txid is its id's 32 hex digits: the API's 26–35 alphanumerics, the same on every attempt", () => {
		const txid = txidForOrder('0b3c9d4e-1f2a-4b5c-8d6e-7f8091a2b3c4')
		expect(txid).toBe('0b3c9d4e1f2a4b5c8d6e7f8091a2b3c4')
		expect(fake.contract.schemaErrors('TxId', txid)).toBeNull()
		expect(() => txidForOrder('x')).toThrow()
	})
})

describe('ApiPixClient against the fake PSP', () => {
	test('creates a charge, reads it back, and the document accepts both exchanges', async () => {
		const txid = txidForOrder('11111111-1111-4111-8111-111111111111')
		const created = await client.createCob(txid, cob)
		expect(created.status).toBe('ATIVA')
		expect(created.pixCopiaECola).toMatch(/^000201/)
		expect(fake.cobs.get(txid)?.valor.original).toBe('123.45')
		expect(fake.cobs.get(txid)?.devedor).toEqual({ cpf: '52998224725', nome: 'Maria da Silva' })
		const read = await client.getCob(txid)
		expect(read?.txid).toBe(txid)
		expect(await client.getCob('0'.repeat(32))).toBeNull()
		// The same txid again: the PSP refuses a second charge.
		await expect(client.createCob(txid, cob)).rejects.toBeInstanceOf(ApiPixRefused)
	})

	test('one token for many calls; a 401 renews it once and the call goes through', async () => {
		const before = fake.tokensIssued()
		await client.getCob('2'.repeat(32))
		await client.getCob('2'.repeat(32))
		expect(fake.tokensIssued()).toBe(before)
		fake.expireTokens()
		await client.getCob('2'.repeat(32))
		expect(fake.tokensIssued()).toBe(before + 1)
	})

	test('a PSP answering 5xx is "unavailable"; wrong credentials are "refused"; /metrics counts both', async () => {
		const calls = (outcome: string) =>
			shopMetrics().providerCalls.get().then((metric) =>
				metric.values.filter((v) => v.labels.provider === 'api-pix' && v.labels.operation === 'get-cob' && v.labels.outcome === outcome).reduce((sum, v) => sum + v.value, 0),
			)
		const existing = txidForOrder('66666666-6666-4666-8666-666666666666')
		await client.createCob(existing, cob)
		const [okBefore, errorsBefore] = [await calls('ok'), await calls('erro')]
		await client.getCob(existing)
		fake.failNext(503)
		await expect(client.getCob('3'.repeat(32))).rejects.toBeInstanceOf(ApiPixUnavailable)
		expect([await calls('ok'), await calls('erro')]).toEqual([okBefore + 1, errorsBefore + 1])
		const wrong = new ApiPixClient({ apiUrl: fake.apiUrl, oauthUrl: fake.oauthUrl, clientId: FAKE_CLIENT_ID, clientSecret: 'errado', identity: null })
		await expect(wrong.getCob('3'.repeat(32))).rejects.toBeInstanceOf(ApiPixRefused)
		const down = new ApiPixClient({ apiUrl: 'http://127.0.0.1:9/api', oauthUrl: 'http://127.0.0.1:9/oauth', clientId: 'a', clientSecret: 'b', identity: null })
		await expect(down.getCob('3'.repeat(32))).rejects.toBeInstanceOf(ApiPixUnavailable)
	})

	test('removes a charge, lists received PIX, refunds whole or in part, registers the webhook', async () => {
		const txid = txidForOrder('44444444-4444-4444-8444-444444444444')
		await client.createCob(txid, { ...cob, valor: '50.00' })
		await client.registerWebhook(cob.chave, 'https://loja.example/webhooks/pix/abc')
		expect(fake.webhooks.get(cob.chave)).toBe('https://loja.example/webhooks/pix/abc')
		const paidTx = txidForOrder('55555555-5555-4555-8555-555555555555')
		await client.createCob(paidTx, { ...cob, valor: '80.00' })
		const pix = await fake.pay(paidTx, { deliveries: 0 })
		const received = await client.listPix(new Date(Date.now() - 60_000), new Date(Date.now() + 60_000))
		expect(received.map((p) => p.endToEndId)).toContain(pix.endToEndId)
		const partial = await client.requestRefund(pix.endToEndId, 'D1', '30.00', 'Devolução parcial')
		expect(partial.status).toBe('EM_PROCESSAMENTO')
		// The same refund id again is the same refund, not a second one.
		expect((await client.requestRefund(pix.endToEndId, 'D1', '30.00', 'Devolução parcial')).id).toBe('D1')
		await expect(client.requestRefund(pix.endToEndId, 'D2', '60.00', 'Demais')).rejects.toBeInstanceOf(ApiPixRefused)
		await fake.settleRefund(pix.endToEndId, 'D1', 'DEVOLVIDO', false)
		expect((await client.getRefund(pix.endToEndId, 'D1'))?.status).toBe('DEVOLVIDO')
		const removed = await client.removeCob(txid)
		expect(removed.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR')
	})

	test('the fake refuses what the document does not allow (and records it)', async () => {
		// A txid of 20 characters, an amount with one decimal place: both outside the document.
		await expect(client.createCob('abc'.repeat(7), cob)).rejects.toBeInstanceOf(ApiPixRefused)
		await expect(client.createCob(txidForOrder('66666666-6666-4666-8666-666666666666'), { ...cob, valor: '1.5' })).rejects.toBeInstanceOf(ApiPixRefused)
		expect(fake.violations).toHaveLength(2)
		expect(fake.violations.join('\n')).toMatch(/txid/)
		expect(fake.violations.join('\n')).toMatch(/original/)
		fake.violations.length = 0
	})
})
