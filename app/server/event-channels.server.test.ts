import { describe, expect, test } from 'vitest'
import type { SessionUser } from '~/server/auth/guards.server'
import { authorizeChannels } from './event-channels.server'

const customer: SessionUser = { id: 'u-123', email: 'ana@example.com', isAdmin: false, fullName: 'Ana' }
const admin: SessionUser = { id: 'u-admin', email: 'dono@example.com', isAdmin: true, fullName: null }

describe('authorizeChannels', () => {
	test("favorites means the signed-in person's own channel", () => {
		expect(authorizeChannels('favorites', customer)).toEqual({
			ok: true,
			subscriptions: [{ name: 'favorites', channel: 'favorites:u-123' }],
		})
	})

	test('nobody can name another user: only the public names are accepted', () => {
		expect(authorizeChannels('favorites:u-999', customer)).toMatchObject({ ok: false, status: 400 })
		expect(authorizeChannels('favorites,cart:abc', customer)).toMatchObject({ ok: false, status: 400 })
	})

	test("order (issue 29): the order the caller resolved for this viewer, else nothing to hear", () => {
		expect(authorizeChannels('order', null, { cartId: null, orderId: 'o-1' })).toEqual({ ok: true, subscriptions: [{ name: 'order', channel: 'order:o-1' }] })
		expect(authorizeChannels('order', customer, { cartId: null, orderId: null })).toEqual({ ok: true, subscriptions: [] })
		expect(authorizeChannels('order:o-1', null)).toMatchObject({ ok: false, status: 400 })
	})

	test('store is open to everyone', () => {
		expect(authorizeChannels('store', null)).toEqual({ ok: true, subscriptions: [{ name: 'store', channel: 'store' }] })
	})

	test('favorites needs a session', () => {
		expect(authorizeChannels('favorites', null)).toMatchObject({ ok: false, status: 401 })
	})

	test('admin channels need the admin role', () => {
		expect(authorizeChannels('admin:orders', null)).toMatchObject({ ok: false, status: 401 })
		expect(authorizeChannels('admin:orders', customer)).toMatchObject({
			ok: false,
			status: 403,
			message: 'Você não tem permissão para acessar esta área.',
		})
		expect(authorizeChannels(' admin:orders , favorites,admin:orders', admin)).toEqual({
			ok: true,
			subscriptions: [
				{ name: 'admin:orders', channel: 'admin:orders' },
				{ name: 'favorites', channel: 'favorites:u-admin' },
			],
		})
	})

	test('missing or empty list is a 400 with a message', () => {
		expect(authorizeChannels(null, customer)).toMatchObject({ ok: false, status: 400, message: 'Informe ao menos um canal.' })
		expect(authorizeChannels(',,', customer)).toMatchObject({ ok: false, status: 400 })
	})
})
