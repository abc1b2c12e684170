import { randomBytes } from 'node:crypto'
import { mkdir, open, rm } from 'node:fs/promises'
import path from 'node:path'

/**
 * Whether the shop can write where it keeps its files (DATA_DIR: the uploads, and the embedded
 * database unless DATABASE_URL points elsewhere). A read-only or full disk used to show up as a raw
 * ENOENT / `ErrnoError 51` from PGlite at start-up, or, on PostgreSQL, as a shop that started and
 * answered 500 to every upload. Checked by writing (and syncing) a small file, not by reading the
 * permission bits: root ignores them, a read-only mount or a full disk does not show in them.
 */

export type WritableProbe = { writable: true } | { writable: false; code: string; detail: string }

/** Bytes written: a whole block, so a disk with no block left fails (an empty file might not). */
const PROBE_BYTES = 4096

export async function probeWritableDir(directory: string): Promise<WritableProbe> {
	const probe = path.join(directory, `.teste-de-escrita-${process.pid}-${randomBytes(4).toString('hex')}`)
	let handle: Awaited<ReturnType<typeof open>> | null = null
	try {
		await mkdir(directory, { recursive: true })
		handle = await open(probe, 'wx')
		await handle.writeFile(Buffer.alloc(PROBE_BYTES, 0x2e))
		await handle.sync()
		return { writable: true }
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code ?? 'EIO'
		return { writable: false, code, detail: (error as Error).message }
	} finally {
		await handle?.close().catch(() => {})
		await rm(probe, { force: true }).catch(() => {})
	}
}

const REASONS: Record<string, { pt: string; en: string }> = {
	EROFS: { pt: 'o sistema de arquivos é somente leitura', en: 'the file system is read-only' },
	ENOSPC: { pt: 'o disco está cheio', en: 'the disk is full' },
	EDQUOT: { pt: 'a cota de disco acabou', en: 'the disk quota is exhausted' },
	EACCES: { pt: 'sem permissão de escrita', en: 'no write permission' },
	EPERM: { pt: 'sem permissão de escrita', en: 'no write permission' },
	ENOTDIR: { pt: 'o caminho passa por um arquivo, não por uma pasta', en: 'the path goes through a file, not a directory' },
	EEXIST: { pt: 'existe um arquivo com esse nome no lugar da pasta', en: 'a file with that name is where the directory should be' },
}

/** The start-up message (Portuguese, then English), naming the directory and the cause. */
export function unwritableDataDirMessage(directory: string, probe: Extract<WritableProbe, { writable: false }>): string {
	const reason = REASONS[probe.code] ?? { pt: 'erro de escrita', en: 'write error' }
	const absolute = path.resolve(directory)
	return [
		`Não é possível gravar na pasta de dados DATA_DIR=${absolute}: ${reason.pt} (${probe.code}). A loja guarda ali os arquivos enviados e o banco embutido; libere espaço, corrija as permissões ou aponte DATA_DIR para uma pasta gravável.`,
		`Cannot write to the data directory DATA_DIR=${absolute}: ${reason.en} (${probe.code}). The shop keeps uploaded files and the embedded database there; free some space, fix the permissions or point DATA_DIR at a writable directory.`,
	].join('\n')
}

/**
 * The storage part of /healthz: whether DATA_DIR/uploads takes a write, probed at most once a
 * `maxAgeMs` (a second): however often load balancers poll, one small write a second at most.
 * A change either way is logged once, at error when writing stops working.
 */
export function createStorageHealth(
	directory: string,
	options: {
		maxAgeMs?: number
		now?: () => number
		onChange?: (probe: WritableProbe) => void
		/** Another storage's probe (an S3 bucket's, decision 080) instead of a write in `directory`. */
		probe?: () => Promise<WritableProbe>
	} = {},
) {
	const maxAgeMs = options.maxAgeMs ?? 1000
	const now = options.now ?? Date.now
	let last: { at: number; probe: WritableProbe } | null = null
	let running: Promise<WritableProbe> | null = null
	return async function storageHealth(): Promise<WritableProbe> {
		if (last && now() - last.at < maxAgeMs) return last.probe
		running ??= (options.probe ?? (() => probeWritableDir(directory)))()
			.then((probe) => {
				// Said when it changes (and at the first probe if it fails), not at every poll.
				if (last ? last.probe.writable !== probe.writable : !probe.writable) options.onChange?.(probe)
				last = { at: now(), probe }
				return probe
			})
			.finally(() => {
				running = null
			})
		return running
	}
}
