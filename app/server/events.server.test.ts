// Runs on both databases (decision 130): its subject is LISTEN/NOTIFY on PostgreSQL, in-process on PGlite.
import { withTestDatabase } from '#tests/setup/with-database'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { getConnection } from '~/server/db.server'
import {
	type EventBus,
	type LiveEvent,
	closeAllEventStreams,
	createEventBus,
	getEventBus,
	publish,
	registerEventStream,
	resetEventsForTests,
	subscribe,
} from './events.server'

withTestDatabase()

function recorder() {
	const received: Array<{ channel: string; event: LiveEvent }> = []
	return { received, listener: (event: LiveEvent, channel: string) => received.push({ channel, event }) }
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
	const deadline = Date.now() + timeoutMs
	while (!(await condition())) {
		if (Date.now() > deadline) throw new Error('condição não atingida a tempo')
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('in-process bus', () => {
	test('delivers to subscribers of the channel only, until they unsubscribe', async () => {
		const bus = createEventBus({ postgres: () => null })
		const favorites = recorder()
		const other = recorder()
		const unsubscribe = bus.subscribe('favorites:u1', favorites.listener)
		bus.subscribe('favorites:u2', other.listener)

		await bus.publish('favorites:u1', { type: 'changed', id: 'p1' })
		expect(favorites.received).toEqual([{ channel: 'favorites:u1', event: { type: 'changed', id: 'p1' } }])
		expect(other.received).toEqual([])

		unsubscribe()
		await bus.publish('favorites:u1', { type: 'changed' })
		expect(favorites.received).toHaveLength(1)
		expect(bus.channelCount()).toBe(1)
	})

	test('a throwing subscriber does not stop the others', async () => {
		const bus = createEventBus({ postgres: () => null })
		const good = recorder()
		bus.subscribe('admin:orders', () => {
			throw new Error('falhou')
		})
		bus.subscribe('admin:orders', good.listener)
		await bus.publish('admin:orders', { type: 'created', id: 7 })
		expect(good.received).toHaveLength(1)
	})

	test('refuses malformed channel names', async () => {
		const bus = createEventBus({ postgres: () => null })
		expect(() => bus.subscribe('favorites:../x', () => {})).toThrow(/inválido/)
		expect(() => bus.subscribe('', () => {})).toThrow(/inválido/)
		await expect(bus.publish('a b', { type: 'x' })).rejects.toThrow(/inválido/)
	})

	test('the process-wide bus works on whichever database the test runs', async () => {
		const seen = recorder()
		const unsubscribe = subscribe('cart:abc', seen.listener)
		await getEventBus().whenListening()
		await publish('cart:abc', { type: 'changed' })
		// Delivered once, locally — never a second time through NOTIFY.
		await sleep(getConnection().kind === 'postgres' ? 300 : 0)
		expect(seen.received).toEqual([{ channel: 'cart:abc', event: { type: 'changed' } }])
		unsubscribe()
	})

	test('closeAllEventStreams closes registered streams and refuses new ones', async () => {
		let closed = 0
		const first = registerEventStream(() => closed++)
		expect(first.registered).toBe(true)
		await closeAllEventStreams()
		expect(closed).toBe(1)
		expect(registerEventStream(() => closed++).registered).toBe(false)
		resetEventsForTests()
		expect(registerEventStream(() => {}).registered).toBe(true)
		await closeAllEventStreams()
		resetEventsForTests()
	})
})

// Two buses with their own LISTEN connections and server ids on one database: two app
// servers, as far as PostgreSQL can tell.
describe.skipIf(!process.env.TEST_DATABASE_URL)('across app servers (PostgreSQL LISTEN/NOTIFY)', () => {
	const buses: EventBus[] = []
	afterEach(async () => {
		await Promise.all(buses.splice(0).map((bus) => bus.stop()))
	})

	function serverBus(serverId: string): EventBus {
		const bus = createEventBus({
			serverId,
			postgres: () => {
				const connection = getConnection()
				if (connection.kind !== 'postgres') throw new Error('este teste precisa de PostgreSQL')
				return { url: connection.url, pool: connection.pool }
			},
		})
		buses.push(bus)
		return bus
	}

	test('a publish on one server reaches subscribers on both, exactly once each', async () => {
		const a = serverBus('servidor-a')
		const b = serverBus('servidor-b')
		const onA = recorder()
		const onB = recorder()
		const onBOtherChannel = recorder()
		a.subscribe('favorites:u1', onA.listener)
		b.subscribe('favorites:u1', onB.listener)
		b.subscribe('favorites:u2', onBOtherChannel.listener)
		await Promise.all([a.whenListening(), b.whenListening()])

		await a.publish('favorites:u1', { type: 'changed', id: 'p9', data: { count: 3 } })
		await waitFor(() => onB.received.length > 0)
		await sleep(300) // time for any duplicate to arrive
		expect(onA.received).toEqual([{ channel: 'favorites:u1', event: { type: 'changed', id: 'p9', data: { count: 3 } } }])
		expect(onB.received).toEqual(onA.received)
		expect(onBOtherChannel.received).toEqual([])

		await b.publish('favorites:u1', { type: 'removed', id: 'p9' })
		await waitFor(() => onA.received.length === 2)
		await sleep(300)
		expect(onA.received).toHaveLength(2)
		expect(onB.received).toHaveLength(2)
	})

	test('a publish still reaches the other servers while the pool has no connection to give', async () => {
		const url = (getConnection() as { url: string }).url
		// A pool of one whose only connection is taken, as at the loadtest's peak.
		const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 2000 })
		const held = await pool.connect()
		try {
			const a = createEventBus({ serverId: 'servidor-a', postgres: () => ({ url, pool }) })
			buses.push(a)
			const b = serverBus('servidor-b')
			const onB = recorder()
			a.subscribe('store', () => {})
			b.subscribe('store', onB.listener)
			await Promise.all([a.whenListening(), b.whenListening()])
			await a.publish('store', { type: 'changed', id: 'produto-1' })
			await waitFor(() => onB.received.length > 0)
			expect(onB.received).toEqual([{ channel: 'store', event: { type: 'changed', id: 'produto-1' } }])
		} finally {
			held.release()
			await pool.end()
		}
	})

	test('payloads too large for NOTIFY arrive as type and id only', async () => {
		const a = serverBus('servidor-a')
		const b = serverBus('servidor-b')
		const onB = recorder()
		b.subscribe('admin:orders', onB.listener)
		await b.whenListening()
		await a.publish('admin:orders', { type: 'created', id: 'pedido-1', data: { blob: 'x'.repeat(20_000) } })
		await waitFor(() => onB.received.length > 0)
		expect(onB.received[0]?.event).toEqual({ type: 'created', id: 'pedido-1', truncated: true })
	})

	test('the listener reconnects after its connection is killed, then announces a resync', async () => {
		const a = serverBus('servidor-a')
		const b = serverBus('servidor-b')
		const onB = recorder()
		b.subscribe('cart:c1', onB.listener)
		await b.whenListening()
		const oldPid = b.listenerPid()
		expect(oldPid).toBeTypeOf('number')

		const { pool } = getConnection() as Extract<ReturnType<typeof getConnection>, { kind: 'postgres' }>
		const killed = await pool.query<{ ok: boolean }>('select pg_terminate_backend($1) as ok', [oldPid])
		expect(killed.rows[0]?.ok).toBe(true)

		await waitFor(() => {
			const pid = b.listenerPid()
			return pid !== null && pid !== oldPid
		})
		expect(onB.received).toEqual([{ channel: 'cart:c1', event: { type: 'resync' } }])

		await a.publish('cart:c1', { type: 'changed' })
		await waitFor(() => onB.received.length === 2)
		expect(onB.received[1]).toEqual({ channel: 'cart:c1', event: { type: 'changed' } })
	})
})
