import { describe, expect, test } from 'vitest'
import { defaultStoreSettings, type StoreSettings } from '~/server/settings.server'
import { type ReadinessEnv, shopReadiness } from './readiness.server'

const DEMO_ENV: ReadinessEnv = { paymentMode: 'test', cardProvider: false, pixApi: false, smtp: false, publicUrl: undefined }

const CONFIGURED: StoreSettings = {
	...defaultStoreSettings(),
	pixKey: '52998224725',
	logoUrl: '/uploads/logo.png',
	contactEmail: 'ola@lojadaana.com.br',
	whatsappNumber: '5548991234567',
	legalName: 'Loja da Ana Ltda.',
	cnpj: '11444777000161',
	businessAddress: 'Rua das Flores, 10 – Centro – Florianópolis/SC – 88010-000',
	returnsPolicy: 'Trocas em até 7 dias.',
	privacyPolicy: 'Seus dados ficam conosco.',
	termsOfUse: 'Ao comprar, você aceita.',
	shippingOriginCep: '88010000',
}
const LIVE_ENV: ReadinessEnv = {
	paymentMode: 'live',
	cardProvider: true,
	pixApi: false,
	smtp: true,
	publicUrl: 'https://lojadaana.com.br',
}

const byId = (items: ReturnType<typeof shopReadiness>) => Object.fromEntries(items.map((item) => [item.id, item]))

describe('shopReadiness', () => {
	test('a fresh demo shop shows every item missing, each with a link to where it is fixed', () => {
		const items = shopReadiness(defaultStoreSettings(), DEMO_ENV, { productsWithDemoImages: 24 })
		expect(items.map((item) => item.id)).toEqual([
			'pix',
			'logo',
			'contact',
			'company',
			'policies',
			'demo-images',
			'shipping-origin',
			'payments',
			'email',
			'address',
		])
		expect(items.filter((item) => item.done)).toEqual([])
		const item = byId(items)
		expect(item.pix?.detail).toContain('demonstração')
		expect(item['demo-images']?.detail).toBe('24 produtos à venda ainda mostram os desenhos da demonstração.')
		expect(item.policies?.detail).toBe('Revise os textos de exemplo: trocas e devoluções, privacidade, termos de uso.')
		expect(item.payments?.detail).toContain('modo de teste')
		for (const { to } of items) expect(to).toMatch(/^\/admin\//)
		expect(item.pix?.to).toBe('/admin/configuracoes#pixKey')
	})

	test('a configured shop shows every item done', () => {
		const items = shopReadiness(CONFIGURED, LIVE_ENV, { productsWithDemoImages: 0 })
		expect(items.filter((item) => !item.done).map((item) => item.id)).toEqual([])
		expect(byId(items).payments?.detail).toBe('Pagamentos reais ligados: cartão pelo Mercado Pago.')
		expect(byId(items).address?.detail).toContain('https://lojadaana.com.br')
	})

	test('each item on its own: no PIX key, one demo field left, one product, live without a provider, a local address', () => {
		const item = byId(
			shopReadiness(
				{
					...CONFIGURED,
					pixKey: null,
					whatsappNumber: '5511999999999',
					cnpj: null,
					privacyPolicy: defaultStoreSettings().privacyPolicy,
				},
				{ ...LIVE_ENV, cardProvider: false, publicUrl: 'http://localhost:3000' },
				{ productsWithDemoImages: 1 },
			),
		)
		expect(item.pix).toMatchObject({ done: false, detail: 'Sem chave PIX, o checkout não oferece PIX.' })
		expect(item.contact?.done).toBe(false)
		expect(item.company).toMatchObject({ done: false, detail: expect.stringContaining('falta') })
		expect(item.policies).toMatchObject({ done: false, detail: 'Revise os textos de exemplo: privacidade.' })
		expect(item['demo-images']?.detail).toBe('1 produto à venda ainda mostra os desenhos da demonstração.')
		expect(item.payments).toMatchObject({ done: false, detail: expect.stringContaining('só PIX com confirmação manual') })
		expect(item.address?.done).toBe(false)
		expect(item.logo?.done).toBe(true)
	})

	test('the bank’s API Pix alone is a real payment provider', () => {
		const item = byId(
			shopReadiness(CONFIGURED, { ...LIVE_ENV, cardProvider: false, pixApi: true }, { productsWithDemoImages: 0 }),
		)
		expect(item.payments).toMatchObject({ done: true, detail: 'Pagamentos reais ligados: PIX confirmado pelo banco.' })
	})

	test('a reserved test address is not one shoppers can reach; both providers are named', () => {
		for (const publicUrl of ['https://loja.example', 'http://127.0.0.1:3000', 'https://shop.localhost', 'https://loja.test']) {
			expect(
				byId(shopReadiness(CONFIGURED, { ...LIVE_ENV, publicUrl }, { productsWithDemoImages: 0 })).address?.done,
				publicUrl,
			).toBe(false)
		}
		const item = byId(shopReadiness(CONFIGURED, { ...LIVE_ENV, pixApi: true }, { productsWithDemoImages: 0 }))
		expect(item.payments?.detail).toBe('Pagamentos reais ligados: cartão pelo Mercado Pago e PIX confirmado pelo banco.')
	})
})
