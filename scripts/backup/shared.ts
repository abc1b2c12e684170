/** Small pieces that `npm run backup` and `npm run restore` share. */
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { type Env, parseEnv } from '~/server/env.server'

/** A refusal or failure the operator can act on: printed as is, without a stack trace. */
export class CommandError extends Error {}

export function fail(message: string): never {
	throw new CommandError(message)
}

/** Runs a command's body; a CommandError ends it with its message and exit code 1. */
export async function runCommand(main: () => Promise<void>, cleanup: () => void = () => {}): Promise<void> {
	try {
		await main()
	} catch (error) {
		if (!(error instanceof CommandError)) throw error
		console.error(`\n${error.message}\n`)
		process.exitCode = 1
	} finally {
		cleanup()
	}
}

/**
 * PGlite writes postmaster.pid into its data directory while a process has it open and
 * removes it on a clean close. Two processes on one directory corrupt it, so both commands
 * refuse to touch a directory that has one.
 */
export function pgliteInUse(location: string): boolean {
	return existsSync(path.join(location, 'postmaster.pid'))
}

export const SHOP_RUNNING_MESSAGE = (location: string) =>
	`A loja parece estar rodando: ${path.join(location, 'postmaster.pid')} existe.\n` +
	'O banco embutido (PGlite) aceita um processo por vez: pare a loja (Ctrl+C, ou systemctl stop) e rode o comando de novo.\n' +
	'Se a loja não está rodando (ela caiu sem encerrar), inicie-a e pare-a normalmente uma vez.'

export function isNonEmptyDir(dir: string): boolean {
	return existsSync(dir) && readdirSync(dir).length > 0
}

/** Files and bytes under a directory (0 when it does not exist). */
export function directoryStats(dir: string): { files: number; bytes: number } {
	const stats = { files: 0, bytes: 0 }
	if (!existsSync(dir)) return stats
	for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
		if (!entry.isFile()) continue
		stats.files += 1
		stats.bytes += statSync(path.join(entry.parentPath, entry.name)).size
	}
	return stats
}

/**
 * pg_dump / pg_restore connection: the URL without its password, which goes in PGPASSWORD so
 * that it does not show in the process list.
 */
export function postgresClientArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
	const parsed = new URL(url)
	const password = decodeURIComponent(parsed.password)
	parsed.password = ''
	return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } }
}

export function formatBytes(bytes: number): string {
	if (bytes < 1024) return `${bytes} B`
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
	return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** The shop's own configuration (DATA_DIR, DATABASE_URL), validated as at start-up. */
export function readEnvOrExit(): Env {
	try {
		return parseEnv(process.env)
	} catch (error) {
		console.error((error as Error).message)
		process.exit(1)
	}
}
