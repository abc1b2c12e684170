import cluster, { type Worker } from 'node:cluster'
import { logger } from '~/server/logger.server'

/**
 * The primary of several server processes sharing one port (decision 062). It serves nothing
 * itself: it starts `count` workers (this same script; node:cluster hands them the listening
 * socket), starts a new one when one dies, and on SIGTERM or SIGINT passes the signal on and
 * exits once every worker has finished its open requests.
 *
 * A worker that keeps dying (CRASH_LIMIT times within CRASH_WINDOW_MS: a port taken, a
 * database refused) stops the whole server with exit code 1 instead of a restart loop.
 */

const RESTART_DELAY_MS = 1000
const CRASH_LIMIT = 5
const CRASH_WINDOW_MS = 60_000
/** Workers force their own exit after 10 s (server/index.ts); this is the primary's last word. */
const SHUTDOWN_TIMEOUT_MS = 15_000

export function runWorkers(count: number, drainMs = 0): void {
	// Our own list: node:cluster removes a worker from cluster.workers only once its IPC
	// channel has closed too, which may come after its 'exit'.
	const running = new Set<Worker>()
	let stopping = false
	let exitCode = 0
	const crashes: number[] = []

	const fork = () => {
		if (stopping) return
		const worker = cluster.fork()
		running.add(worker)
		worker.on('exit', (code, signal) => {
			running.delete(worker)
			if (stopping) {
				if (running.size === 0) process.exit(exitCode)
				return
			}
			logger.error({ worker: worker.id, code, signal }, 'processo do servidor terminou inesperadamente; iniciando outro')
			const now = Date.now()
			crashes.push(now)
			while ((crashes[0] ?? now) < now - CRASH_WINDOW_MS) crashes.shift()
			if (crashes.length >= CRASH_LIMIT) {
				logger.fatal({ crashes: crashes.length }, 'processos do servidor terminaram 5 vezes em 1 minuto; encerrando')
				stop('falhas', 1)
				return
			}
			// Not unref()ed: while every worker is down, this timer is what keeps the primary alive.
			setTimeout(fork, RESTART_DELAY_MS)
		})
	}

	const stop = (reason: string, code = 0) => {
		if (stopping) return
		stopping = true
		exitCode = code
		logger.info({ reason, workers: running.size }, 'encerrando os processos do servidor')
		if (running.size === 0) process.exit(exitCode)
		for (const worker of running) worker.process.kill('SIGTERM')
		setTimeout(() => {
			logger.warn(`encerramento forçado dos processos do servidor após ${(drainMs + SHUTDOWN_TIMEOUT_MS) / 1000} s`)
			for (const worker of running) worker.process.kill('SIGKILL')
			process.exit(1)
		}, drainMs + SHUTDOWN_TIMEOUT_MS).unref()
	}

	process.on('SIGTERM', () => stop('SIGTERM'))
	process.on('SIGINT', () => stop('SIGINT'))
	for (let i = 0; i < count; i += 1) fork()
}

/** This process's worker number (1, 2…), or null when the server runs as one process. */
export function workerId(): number | null {
	return cluster.isWorker ? (cluster.worker?.id ?? null) : null
}
