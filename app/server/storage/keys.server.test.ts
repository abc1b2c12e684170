import { describe, expect, test } from 'vitest'
import { buildKey, isSafeKey } from './keys.server'

describe('isSafeKey', () => {
	test.each([
		'rosto_pet_abc123_1712345678901.png',
		'hero-1712345678901.mp4',
		'4f1c2e8a-1b2c-4d5e-8f90-123456789abc/1712345678901.jpg',
	])('accepts generated keys: %s', (key) => {
		expect(isSafeKey(key)).toBe(true)
	})

	test.each([
		'',
		'../x',
		'..',
		'a/../b',
		'a/..',
		'/etc/passwd',
		'a//b',
		'a/b/c',
		'.meta/x.json',
		'.hidden',
		'a\\b',
		'a b.png',
		'a%2e%2e/x',
		'café.png',
		'x.png\u0000.jpg',
		'a'.repeat(300),
	])('refuses %j', (key) => {
		expect(isSafeKey(key)).toBe(false)
	})
})

describe('buildKey', () => {
	test('follows document 001 §7 shapes', () => {
		// The session part is a random token now (issue 28): it names nobody and cannot be guessed.
		const personal = buildKey({ bucket: 'personalizacao-arquivos', prefix: 'rosto_pet' }, 'png', 1700)
		expect(personal).toMatch(/^rosto_pet_[0-9a-f]{32}_1700\.png$/)
		expect(buildKey({ bucket: 'personalizacao-arquivos', prefix: 'rosto_pet' }, 'png', 1700)).not.toBe(personal)
		expect(buildKey({ bucket: 'user-photos', userId: 'u-1' }, 'JPG', 1700)).toBe('u-1/1700.jpg')
		expect(buildKey({ bucket: 'hero-videos', prefix: 'hero' }, 'mp4', 1700)).toBe('hero-1700.mp4')
		expect(buildKey({ bucket: 'hero-videos', prefix: 'subscription-cta' }, 'webm', 1700)).toBe(
			'subscription-cta-1700.webm',
		)
	})

	test('strips path tricks from user ids', () => {
		expect(buildKey({ bucket: 'user-photos', userId: '../../etc' }, 'png', 1)).toBe('etc/1.png')
	})
})
