import { describe, expect, test } from 'vitest'
import { parseEnv, publicUrl, shutdownDrainMs } from '~/server/env.server'
import { REDACTED, redactUrl } from './access-log'
import { DEFAULT_BODY_LIMIT, bodyLimitFor } from './body-limit'
import { allowedHostnames } from './host-check'
import { isSameSiteRequest } from './origin-check'

describe('redactUrl (access log)', () => {
	test("hides the PIX webhook's secret path segment (issue 29), and its body has the default limit", () => {
		const token = 'a'.repeat(40)
		expect(redactUrl(`/webhooks/pix/${token}/pix`)).toBe(`/webhooks/pix/${REDACTED}/pix`)
		expect(redactUrl(`/webhooks/pix/${token}/pix?token=1`)).toBe(`/webhooks/pix/${REDACTED}/pix?token=${REDACTED}`)
		expect(redactUrl('/webhooks/pixels')).toBe('/webhooks/pixels')
		expect(bodyLimitFor(`/webhooks/pix/${token}/pix`)).toBe(DEFAULT_BODY_LIMIT)
	})

	test('replaces the values of token-like parameters, keeps the rest', () => {
		expect(redactUrl('/auth/redefinir-senha?token=abc123')).toBe(`/auth/redefinir-senha?token=${REDACTED}`)
		expect(redactUrl('/auth/confirmar.data?token=abc&utm_source=email')).toBe(`/auth/confirmar.data?token=${REDACTED}&utm_source=email`)
		expect(redactUrl('/x?access_token=1&password=2&code=3&q=laco')).toBe(`/x?access_token=${REDACTED}&password=${REDACTED}&code=${REDACTED}&q=laco`)
		expect(redactUrl('/busca?q=bandana&page=2')).toBe('/busca?q=bandana&page=2')
		expect(redactUrl('/produto/bandana')).toBe('/produto/bandana')
	})
})

describe('TRUST_PROXY', () => {
	const parse = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY
	test('false, a hop count or a list of addresses/CIDRs', () => {
		expect(parse('false')).toBe(false)
		expect(parse('0')).toBe(false)
		expect(parse('1')).toBe(1)
		expect(parse('10.0.0.5, 10.0.1.0/24,::1,loopback')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'loopback'])
	})
	test("'true' and nonsense are refused with a Portuguese message", () => {
		expect(() => parse('true')).toThrow(/TRUST_PROXY=1/)
		expect(() => parse('10.0.0.0/33')).toThrow(/TRUST_PROXY deve ser/)
		expect(() => parse('proxy.interno')).toThrow(/TRUST_PROXY deve ser/)
	})
})

describe('SHUTDOWN_DRAIN_SECONDS (decision 131)', () => {
	const drain = (env: Record<string, string>) => shutdownDrainMs(parseEnv(env))
	test('unset: 5 s behind a proxy, none without one; a value wins either way', () => {
		expect(drain({ TRUST_PROXY: '1' })).toBe(5000)
		expect(drain({ TRUST_PROXY: '10.0.0.5' })).toBe(5000)
		expect(drain({})).toBe(0)
		expect(drain({ TRUST_PROXY: '1', SHUTDOWN_DRAIN_SECONDS: '0' })).toBe(0)
		expect(drain({ SHUTDOWN_DRAIN_SECONDS: '8' })).toBe(8000)
	})
	test('a fraction, a negative or over a minute is refused in Portuguese', () => {
		expect(() => drain({ SHUTDOWN_DRAIN_SECONDS: '2.5' })).toThrow(/número inteiro de segundos/)
		expect(() => drain({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/de 0 a 60/)
		expect(() => drain({ SHUTDOWN_DRAIN_SECONDS: '61' })).toThrow(/de 0 a 60/)
		expect(() => drain({ SHUTDOWN_DRAIN_SECONDS: 'cinco' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/)
	})
})

describe('public origin and hosts', () => {
	test('PUBLIC_URL is reduced to its origin; unset is http://localhost:PORT', () => {
		expect(publicUrl(parseEnv({ PUBLIC_URL: 'https://Loja.Example.com/loja/' }))).toBe('https://loja.example.com')
		expect(publicUrl(parseEnv({ PORT: '3100' }))).toBe('http://localhost:3100')
		expect(() => parseEnv({ PUBLIC_URL: 'ftp://loja.example.com' })).toThrow(/PUBLIC_URL/)
	})
	test('allowed hosts: PUBLIC_URL host plus ALLOWED_HOSTS, or loopback names', () => {
		expect([...allowedHostnames(parseEnv({ PUBLIC_URL: 'https://loja.example.com', ALLOWED_HOSTS: 'www.loja.example.com' }))]).toEqual([
			'loja.example.com',
			'www.loja.example.com',
		])
		expect([...allowedHostnames(parseEnv({}))]).toEqual(['localhost', '127.0.0.1', '[::1]'])
		expect(() => parseEnv({ ALLOWED_HOSTS: 'https://x.example' })).toThrow(/ALLOWED_HOSTS/)
	})
})

describe('the assistant’s model (issue 12)', () => {
	test('unset is the embedded assistant; a URL needs a model, https or this machine', () => {
		expect(parseEnv({}).ARIA_API_URL).toBeUndefined()
		const env = parseEnv({ ARIA_API_URL: 'https://api.example.com/v1', ARIA_MODEL: 'gpt-4o-mini', ARIA_API_KEY: 'k' })
		expect([env.ARIA_API_URL, env.ARIA_MODEL, env.ARIA_API_TIMEOUT_MS]).toEqual(['https://api.example.com/v1', 'gpt-4o-mini', 20_000])
		expect(parseEnv({ ARIA_API_URL: 'http://127.0.0.1:8080/v1', ARIA_MODEL: 'local' }).ARIA_API_URL).toBe('http://127.0.0.1:8080/v1')
		expect(() => parseEnv({ ARIA_API_URL: 'https://api.example.com/v1' })).toThrow(/ARIA_MODEL é obrigatório/)
		expect(() => parseEnv({ ARIA_API_URL: 'http://api.example.com/v1', ARIA_MODEL: 'm' })).toThrow(/ARIA_API_URL deve começar com https/)
		expect(() => parseEnv({ ARIA_MESSAGES_PER_SESSION: '0' })).toThrow(/ARIA_MESSAGES_PER_SESSION/)
	})
})

describe('isSameSiteRequest', () => {
	const own = { publicOrigin: 'https://loja.example.com', requestHost: '127.0.0.1:3000' }
	test('own origins pass, others do not', () => {
		expect(isSameSiteRequest({ origin: 'https://loja.example.com' }, own)).toBe(true)
		expect(isSameSiteRequest({ origin: 'http://127.0.0.1:3000' }, own)).toBe(true)
		expect(isSameSiteRequest({ origin: 'https://evil.example' }, own)).toBe(false)
		expect(isSameSiteRequest({ origin: 'http://127.0.0.1:4000' }, own)).toBe(false)
		expect(isSameSiteRequest({ origin: 'null' }, own)).toBe(false)
	})
	test('without Origin: Sec-Fetch-Site, then Referer; no header at all is not a browser page', () => {
		expect(isSameSiteRequest({ secFetchSite: 'cross-site' }, own)).toBe(false)
		expect(isSameSiteRequest({ secFetchSite: 'same-site' }, own)).toBe(false)
		expect(isSameSiteRequest({ secFetchSite: 'same-origin' }, own)).toBe(true)
		expect(isSameSiteRequest({ referer: 'https://evil.example/x' }, own)).toBe(false)
		expect(isSameSiteRequest({ referer: 'https://loja.example.com/produto/x' }, own)).toBe(true)
		expect(isSameSiteRequest({}, own)).toBe(true)
	})
})

describe('bodyLimitFor', () => {
	test('small for forms, larger for the back-office and the CSV import', () => {
		expect(bodyLimitFor('/cart')).toBe(DEFAULT_BODY_LIMIT)
		expect(bodyLimitFor('/admin/configuracoes')).toBe(1024 * 1024)
		expect(bodyLimitFor('/admin/cupons/importar')).toBe(4 * 1024 * 1024)
		expect(bodyLimitFor('/administrador')).toBe(DEFAULT_BODY_LIMIT)
	})
})
