import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'
import { addressGroup } from '~/server/address-group.server'
import { parseEnv } from '~/server/env.server'

describe('addressGroup (decision 071)', () => {
	test('IPv4 is the exact address', () => {
		expect(addressGroup('203.0.113.7', 64)).toBe('203.0.113.7')
		expect(addressGroup('203.0.113.8', 64)).not.toBe(addressGroup('203.0.113.7', 64))
	})

	test('an IPv4-mapped IPv6 address counts as its IPv4 address, in every spelling', () => {
		for (const mapped of ['::ffff:203.0.113.7', '::FFFF:203.0.113.7', '0:0:0:0:0:ffff:203.0.113.7', '::ffff:cb00:7107']) {
			expect(addressGroup(mapped, 64)).toBe('203.0.113.7')
		}
		// Not all IPv4 clients in one group ::/64, which is what masking the mapped form would give.
		expect(addressGroup('::ffff:198.51.100.1', 64)).toBe('198.51.100.1')
	})

	test('IPv6 addresses of one /64 share a group, in canonical text whatever the spelling', () => {
		const group = '2001:db8:1234:5678::/64'
		for (const address of [
			'2001:db8:1234:5678::1',
			'2001:db8:1234:5678:ffff:ffff:ffff:ffff',
			'2001:0DB8:1234:5678:a1b2:c3d4:e5f6:0789',
			'2001:db8:1234:5678:0:0:0:2',
			'2001:db8:1234:5678:1::%eth0',
		]) {
			expect(addressGroup(address, 64)).toBe(group)
		}
		expect(addressGroup('2001:db8:1234:5679::1', 64)).toBe('2001:db8:1234:5679::/64')
		expect(addressGroup('2001:db8:0:0:1::1', 64)).toBe('2001:db8::/64')
	})

	test('the prefix is configurable, including one that does not end on a word boundary', () => {
		expect(addressGroup('2001:db8:12ff:5678::1', 48)).toBe('2001:db8:12ff::/48')
		expect(addressGroup('2001:db8:12ff:56ff::1', 56)).toBe('2001:db8:12ff:5600::/56')
		expect(addressGroup('2001:db8:12ff:567f::1', 60)).toBe('2001:db8:12ff:5670::/60')
		expect(addressGroup('2001:db8::1', 128)).toBe('2001:db8::1/128')
		expect(addressGroup('2001:db8::2', 128)).not.toBe(addressGroup('2001:db8::1', 128))
	})

	test('loopback and the unknown address pass through unharmed', () => {
		expect(addressGroup('::1', 64)).toBe('::/64')
		expect(addressGroup('127.0.0.1', 64)).toBe('127.0.0.1')
		expect(addressGroup('desconhecido', 64)).toBe('desconhecido')
		expect(addressGroup('', 64)).toBe('')
	})

	test('RATE_LIMIT_IPV6_PREFIX: 64 by default, 32 to 128, refused otherwise with a Portuguese reason', () => {
		expect(parseEnv({}).RATE_LIMIT_IPV6_PREFIX).toBe(64)
		expect(parseEnv({ RATE_LIMIT_IPV6_PREFIX: '56' }).RATE_LIMIT_IPV6_PREFIX).toBe(56)
		expect(() => parseEnv({ RATE_LIMIT_IPV6_PREFIX: '16' })).toThrow(/RATE_LIMIT_IPV6_PREFIX deve ser pelo menos 32/)
		expect(() => parseEnv({ RATE_LIMIT_IPV6_PREFIX: '129' })).toThrow(/no máximo 128/)
		expect(() => parseEnv({ RATE_LIMIT_IPV6_PREFIX: '/64' })).toThrow(/número inteiro de bits/)
	})

	test('no per-address key is built from the raw client address', () => {
		// Every limit that counts an address must count its group (clientAddressGroup); a key
		// interpolating the context's address itself would hand an IPv6 client 2^64 budgets.
		const files = execFileSync('git', ['ls-files', 'app', 'server'], { encoding: 'utf8' })
			.split('\n')
			.filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
		const offenders = files.flatMap((file) =>
			readFileSync(file, 'utf8')
				.split('\n')
				.map((line, index) => ({ file, line: index + 1, text: line.trim() }))
				.filter(({ text }) => /\$\{\s*(context\.|input\.)?(clientIp|ip)\s*\}/.test(text)),
		)
		expect(offenders).toEqual([])
	})
})
