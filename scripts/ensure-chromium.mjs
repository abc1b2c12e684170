// `npm test` on a fresh Debian machine: the server tests and the e2e stages drive Debian's
// Chromium. Missing, it is installed here when we may (root, apt-get), as .ci/run does; otherwise
// the run stops at once with the one command to run, not twenty minutes later in a browser test.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// The tests drive Chromium's headless shell when it is there (tests/e2e/support/chromium.ts,
// decision 129): the same build, a fifth less time. Without it they drive the whole browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/** True when Chromium is (now) there; false after printing what to run. */
export function ensureChromium() {
	if (process.env.CHROMIUM_PATH) {
		if (existsSync(CHROMIUM_PATH)) return true
		console.error(`CHROMIUM_PATH=${CHROMIUM_PATH} não existe.`)
		return false
	}
	const missing = ['chromium', 'chromium-headless-shell'].filter(
		(pkg) => !existsSync(pkg === 'chromium' ? CHROMIUM_PATH : HEADLESS_SHELL),
	)
	if (missing.length === 0) return true
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
	const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
	if (isRoot && hasApt) {
		console.log(`Chromium do Debian ausente: apt-get install -y ${missing.join(' ')}...`)
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
		spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
		spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env })
	}
	if (existsSync(CHROMIUM_PATH)) {
		if (!existsSync(HEADLESS_SHELL))
			console.log('Sem o chromium-headless-shell os testes usam o Chromium inteiro (mais lento): sudo apt-get install -y chromium-headless-shell')
		return true
	}
	console.error('Os testes precisam do Chromium do Debian em /usr/bin/chromium. Rode:\n\n  sudo apt-get install -y chromium chromium-headless-shell\n')
	return false
}
