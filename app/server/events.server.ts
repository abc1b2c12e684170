import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { z } from 'zod'
import { getConnection } from '~/server/db.server'
import { logger } from '~/server/logger.server'

/**
 * Live updates: an in-process publish/subscribe bus. On PostgreSQL it also fans out
 * through LISTEN/NOTIFY, so several app servers on one database see each other's
 * changes; on PGlite (one process) the in-process bus is all there is.
 *
 * Events are signals ("favourites changed"), not data: subscribers refetch. That keeps
 * NOTIFY payloads small and makes a lost event harmless — after the listener reconnects
 * every channel gets a `resync` event, because NOTIFYs sent while it was down are gone.
 */

export type LiveEvent = {
	/** What happened, e.g. 'changed', 'created', 'status'; clients may ignore the rest. */
	type: string
	id?: string | number
	data?: Record<string, unknown>
	/** Set when `data` was dropped to fit PostgreSQL's NOTIFY limit. */
	truncated?: boolean
}
export type LiveListener = (event: LiveEvent, channel: string) => void

/** `favorites:<userId>`, `cart:<cartId>`, `admin:orders`… */
const CHANNEL = /^[a-z][a-z-]{0,31}(:[A-Za-z0-9_-]{1,64})?$/
export function isValidChannel(channel: string): boolean {
	return CHANNEL.test(channel)
}

export const NOTIFY_CHANNEL = 'loja_events'
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep well under. */
const MAX_NOTIFY_BYTES = 7900
const RECONNECT_MIN_MS = 250
const RECONNECT_MAX_MS = 10_000

const liveEventSchema = z.object({
	type: z.string().min(1).max(64),
	id: z.union([z.string().max(200), z.number()]).optional(),
	data: z.record(z.string(), z.unknown()).optional(),
	truncated: z.boolean().optional(),
})
/** What goes through NOTIFY: which server sent it, to which channel, what. */
const envelopeSchema = z.object({
	v: z.literal(1),
	server: z.string().min(1),
	channel: z.string().regex(CHANNEL),
	event: liveEventSchema,
})
type Envelope = z.infer<typeof envelopeSchema>

export type PostgresTarget = { url: string; pool: pg.Pool }

export type EventBusOptions = {
	/** Tells this process apart from the others on the database (their NOTIFYs vs ours). */
	serverId?: string
	/** The PostgreSQL to fan out through, or null for in-process only. Asked lazily. */
	postgres: () => PostgresTarget | null
}

export type EventBus = ReturnType<typeof createEventBus>

export function createEventBus(options: EventBusOptions) {
	const serverId = options.serverId ?? randomUUID()
	const listeners = new Map<string, Set<LiveListener>>()

	// The LISTEN connection: one dedicated client, not from the pool (a pooled client
	// would be handed back and reused; LISTEN must stay on one session).
	let client: pg.Client | null = null
	let listeningUrl: string | null = null
	let state: 'idle' | 'connecting' | 'listening' | 'waiting' | 'stopped' = 'idle'
	let attempt = 0
	let hasConnectedBefore = false
	let reconnectTimer: NodeJS.Timeout | null = null
	let waiters: Array<() => void> = []

	function deliver(channel: string, event: LiveEvent) {
		const set = listeners.get(channel)
		if (!set) return
		// A copy: a listener may unsubscribe while we iterate.
		for (const listener of [...set]) {
			try {
				listener(event, channel)
			} catch (error) {
				logger.error({ error: String(error), channel }, 'erro num assinante de eventos ao vivo')
			}
		}
	}

	function postgres(): PostgresTarget | null {
		try {
			return options.postgres()
		} catch {
			return null // no database connected yet: in-process only for now
		}
	}

	function ensureListening() {
		if (state === 'stopped') return
		const target = postgres()
		if (!target) return
		// Tests swap the process-wide database: follow it.
		if (listeningUrl !== null && listeningUrl !== target.url) dropClient()
		if (state === 'idle') void connect(target.url)
	}

	function dropClient() {
		const old = client
		client = null
		listeningUrl = null
		if (reconnectTimer) clearTimeout(reconnectTimer)
		reconnectTimer = null
		if (state !== 'stopped') state = 'idle'
		old?.removeAllListeners('notification')
		old?.end().catch(() => {})
	}

	async function connect(url: string) {
		state = 'connecting'
		listeningUrl = url
		const next = new pg.Client({
			connectionString: url,
			application_name: `loja-events-${serverId}`.slice(0, 63),
			// Notice a silently dead peer (failover without FIN) and reconnect, instead of waiting forever.
			keepAlive: true,
		})
		client = next
		let dropped = false
		const onDrop = (error?: Error) => {
			if (dropped || client !== next) return
			dropped = true
			if (error) logger.warn({ error: error.message }, 'conexão de eventos ao vivo caiu; reconectando')
			client = null
			next.end().catch(() => {})
			scheduleReconnect()
		}
		next.on('error', onDrop)
		next.on('end', () => onDrop())
		next.on('notification', (message) => {
			if (message.channel !== NOTIFY_CHANNEL || !message.payload) return
			const envelope = decode(message.payload)
			// Our own NOTIFYs come back too; those were already delivered locally.
			if (envelope && envelope.server !== serverId) deliver(envelope.channel, envelope.event)
		})
		try {
			await next.connect()
			await next.query(`LISTEN ${NOTIFY_CHANNEL}`)
		} catch (error) {
			onDrop(error as Error)
			return
		}
		// Stopped, or switched to another database, while connecting.
		if (client !== next) {
			await next.end().catch(() => {})
			return
		}
		state = 'listening'
		attempt = 0
		if (hasConnectedBefore) {
			for (const channel of listeners.keys()) deliver(channel, { type: 'resync' })
		}
		hasConnectedBefore = true
		for (const resolve of waiters) resolve()
		waiters = []
	}

	function scheduleReconnect() {
		if (state === 'stopped') return
		state = 'waiting'
		const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt) * (0.75 + Math.random() / 2)
		attempt++
		reconnectTimer = setTimeout(() => {
			reconnectTimer = null
			if (state !== 'waiting') return
			state = 'idle'
			// Reconnect to whatever the database is now (unchanged unless tests swapped it).
			const target = postgres()
			if (target) void connect(target.url)
			else listeningUrl = null
		}, delay)
		// A pending reconnect must not keep a finishing process alive.
		reconnectTimer.unref()
	}

	return {
		serverId,

		/** Calls `listener` for every event on `channel` until the returned function is called. */
		subscribe(channel: string, listener: LiveListener): () => void {
			if (!isValidChannel(channel)) throw new Error(`Canal de eventos inválido: ${channel}`)
			let set = listeners.get(channel)
			if (!set) {
				set = new Set()
				listeners.set(channel, set)
			}
			set.add(listener)
			ensureListening()
			return () => {
				const current = listeners.get(channel)
				current?.delete(listener)
				if (current?.size === 0) listeners.delete(channel)
			}
		},

		/**
		 * Delivers `event` to this process's subscribers at once, then to the other app
		 * servers through NOTIFY. Never throws: a change already committed must not fail
		 * because the live update could not be sent.
		 */
		async publish(channel: string, event: LiveEvent): Promise<void> {
			if (!isValidChannel(channel)) throw new Error(`Canal de eventos inválido: ${channel}`)
			deliver(channel, event)
			const target = postgres()
			if (!target) return
			const payload = [NOTIFY_CHANNEL, encode(serverId, channel, event)]
			// Through the LISTEN connection when it is up: always open, it never waits for the pool,
			// which a burst of load can exhaust (the loadtest at 500 shoppers lost NOTIFYs so, and a
			// lost store event leaves another server's page cache stale). The pool otherwise.
			const listening = state === 'listening' && listeningUrl === target.url ? client : null
			try {
				if (listening) {
					try {
						await listening.query('select pg_notify($1, $2)', payload)
						return
					} catch {
						// Dropped meanwhile (it reconnects by itself): the pool below.
					}
				}
				await target.pool.query('select pg_notify($1, $2)', payload)
			} catch (error) {
				logger.error({ error: String(error), channel }, 'não foi possível enviar o evento ao vivo (NOTIFY)')
			}
		},

		/** Resolves once the LISTEN connection is up (at once on PGlite). For start-up and tests. */
		whenListening(): Promise<void> {
			ensureListening()
			if (state === 'listening' || state === 'stopped' || !postgres()) return Promise.resolve()
			return new Promise((resolve) => waiters.push(resolve))
		},

		/** The LISTEN connection's backend pid while listening, else null (diagnostics, tests). */
		listenerPid(): number | null {
			if (state !== 'listening' || !client) return null
			return (client as pg.Client & { processID?: number }).processID ?? null
		},

		/** How many channels have subscribers here (diagnostics, tests). */
		channelCount(): number {
			return listeners.size
		},

		/** Ends the LISTEN connection for good (shutdown). Local delivery keeps working. */
		async stop(): Promise<void> {
			state = 'stopped'
			const old = client
			dropClient()
			for (const resolve of waiters) resolve()
			waiters = []
			await old?.end().catch(() => {})
		},
	}
}

function encode(server: string, channel: string, event: LiveEvent): string {
	const full = JSON.stringify({ v: 1, server, channel, event } satisfies Envelope)
	if (Buffer.byteLength(full) <= MAX_NOTIFY_BYTES) return full
	// Too big for NOTIFY: send what happened and to what; receivers refetch the rest.
	const small: LiveEvent = { type: event.type.slice(0, 64), truncated: true }
	if (event.id !== undefined) small.id = typeof event.id === 'string' ? event.id.slice(0, 200) : event.id
	return JSON.stringify({ v: 1, server, channel, event: small } satisfies Envelope)
}

function decode(payload: string): Envelope | null {
	try {
		const parsed = envelopeSchema.safeParse(JSON.parse(payload))
		return parsed.success ? parsed.data : null
	} catch {
		return null
	}
}

// --- The process-wide bus and the open event streams ---------------------------------
// Kept on globalThis: the HTTP entry (which calls closeAllEventStreams) and the React
// Router build (whose routes publish and subscribe) are separate bundles, each with its
// own copy of this module.

type LiveState = { bus: EventBus; streams: Set<() => void>; closing: boolean }
const KEY = Symbol.for('loja.events')
type GlobalWithEvents = typeof globalThis & { [KEY]?: LiveState }

function liveState(): LiveState {
	const global = globalThis as GlobalWithEvents
	global[KEY] ??= {
		bus: createEventBus({
			postgres: () => {
				const connection = getConnection()
				return connection.kind === 'postgres' ? { url: connection.url, pool: connection.pool } : null
			},
		}),
		streams: new Set(),
		closing: false,
	}
	return global[KEY]
}

/** The process-wide bus (its LISTEN connection starts on the first subscribe). */
export function getEventBus(): EventBus {
	return liveState().bus
}

export function publish(channel: string, event: LiveEvent): Promise<void> {
	return liveState().bus.publish(channel, event)
}

export function subscribe(channel: string, listener: LiveListener): () => void {
	return liveState().bus.subscribe(channel, listener)
}

/**
 * Registers an open event stream's closer, for closeAllEventStreams. Returns false when
 * the server is shutting down: the caller should not open the stream.
 */
export function registerEventStream(close: () => void): { registered: boolean; unregister: () => void } {
	const state = liveState()
	if (state.closing) return { registered: false, unregister: () => {} }
	state.streams.add(close)
	return { registered: true, unregister: () => state.streams.delete(close) }
}

/** Event streams open in this process (/metrics: live-update connections). */
export function openEventStreamCount(): number {
	return liveState().streams.size
}

/**
 * Graceful shutdown: ends every open event-stream response (EventSource clients will
 * reconnect to another server) and stops the LISTEN connection, so the HTTP server can
 * close without waiting for long-lived requests.
 */
export async function closeAllEventStreams(): Promise<void> {
	endEventStreams()
	await liveState().bus.stop()
}

/**
 * Ends every open stream (each with its retry hint) and refuses new ones, but keeps listening to
 * the bus: a draining server (decision 131) still serves pages, and its page cache must still hear
 * the other servers' changes.
 */
export function endEventStreams(): void {
	const state = liveState()
	state.closing = true
	for (const close of [...state.streams]) close()
	state.streams.clear()
}

/** Tests: forget the process-wide bus and streams (after closeAllEventStreams). */
export function resetEventsForTests() {
	delete (globalThis as GlobalWithEvents)[KEY]
}
