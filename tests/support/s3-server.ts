import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * A real S3-compatible server for a test file (issue 33, decision 080): s3rver in a child
 * process, on a free port of 127.0.0.1, over a temporary directory removed at stop(). Its
 * credentials are s3rver's fixed pair; `env` is what a shop needs to use it (STORAGE_DRIVER=s3…).
 */
export type RunningS3Server = {
	endpoint: string
	bucket: string
	env: Record<string, string>
	stop(): Promise<void>
}

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3-server-process.mjs')

export async function startS3Server(bucket = 'loja-teste'): Promise<RunningS3Server> {
	const directory = await mkdtemp(path.join(tmpdir(), 'loja-s3-'))
	const child: ChildProcess = spawn(process.execPath, [SCRIPT, directory, bucket], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
	const output: string[] = []
	child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()))
	const port = await new Promise<number>((resolve, reject) => {
		let buffered = ''
		const onData = (chunk: Buffer) => {
			buffered += chunk.toString()
			const line = buffered.split('\n')[0]
			if (buffered.includes('\n') && line) {
				child.stdout?.off('data', onData)
				try {
					resolve((JSON.parse(line) as { port: number }).port)
				} catch {
					reject(new Error(`servidor S3 de teste respondeu: ${line}`))
				}
			}
		}
		child.stdout?.on('data', onData)
		child.once('exit', (code) => reject(new Error(`servidor S3 de teste saiu (código ${code}):\n${output.join('')}`)))
	})
	const endpoint = `http://127.0.0.1:${port}`
	return {
		endpoint,
		bucket,
		env: {
			STORAGE_DRIVER: 's3',
			S3_ENDPOINT: endpoint,
			S3_BUCKET: bucket,
			S3_REGION: 'us-east-1',
			S3_ACCESS_KEY_ID: 'S3RVER',
			S3_SECRET_ACCESS_KEY: 'S3RVER',
			S3_FORCE_PATH_STYLE: 'true',
		},
		async stop() {
			if (child.exitCode === null && child.signalCode === null) {
				const exited = new Promise((resolve) => child.once('exit', resolve))
				child.kill('SIGTERM')
				await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
				if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
			}
			await rm(directory, { recursive: true, force: true })
		},
	}
}

/** Sets a test file's environment to the S3 server (and back): the app's storage follows getEnv(). */
export function useS3Env(server: RunningS3Server): () => void {
	const previous = Object.fromEntries(Object.keys(server.env).map((name) => [name, process.env[name]]))
	Object.assign(process.env, server.env)
	return () => {
		for (const [name, value] of Object.entries(previous)) {
			if (value === undefined) delete process.env[name]
			else process.env[name] = value
		}
	}
}
