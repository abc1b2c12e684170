// `npm start`: builds the shop when the build is missing or older than its sources,
// then runs the production server (embedded database and demo data by default).
import { execSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const entry = 'build/server-entry/index.js'

function newestMtime(dir) {
	let newest = 0
	for (const name of readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, name.name)
		const time = name.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs
		if (time > newest) newest = time
	}
	return newest
}

const sources = ['app', 'server', 'drizzle', 'public'].filter((d) => existsSync(d))
const stale = !existsSync(entry) || sources.some((d) => newestMtime(d) > statSync(entry).mtimeMs)
if (stale) {
	console.log('Compilando a loja (primeira execução ou código alterado)...')
	execSync('npm run build', { stdio: 'inherit' })
}

const child = spawn(process.execPath, [entry], {
	stdio: 'inherit',
	env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
})
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
