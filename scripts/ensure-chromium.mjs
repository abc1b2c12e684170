// `npm test` on a fresh Debian machine: the server tests and the e2e stages drive Debian's
// Chromium. Missing, it is installed here when we may (root, apt-get), as .ci/run does; otherwise
// the run stops at once with the one command to run, not twenty minutes later in a browser test.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** True when Chromium is (now) there; false after printing what to run. */
export function ensureChromium() {
	if (existsSync(CHROMIUM_PATH)) return true
	if (process.env.CHROMIUM_PATH) {
		console.error(`CHROMIUM_PATH=${CHROMIUM_PATH} não existe.`)
		return false
	}
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
	const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
	if (isRoot && hasApt) {
		console.log('Chromium ausente: instalando o do Debian (apt-get install -y chromium)...')
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
		spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
		spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
		if (existsSync(CHROMIUM_PATH)) return true
	}
	console.error('Os testes precisam do Chromium do Debian em /usr/bin/chromium. Rode:\n\n  sudo apt-get install -y chromium\n')
	return false
}
