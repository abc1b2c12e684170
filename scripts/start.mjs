// `npm start`: builds the shop when the build is missing or older than its sources,
// then runs the production server (embedded database and demo data by default).
import { execSync, spawn } from 'node:child_process'
import { SERVER_ENTRY, isBuildStale } from './build-freshness.mjs'

if (isBuildStale()) {
	console.log('Compilando a loja (primeira execução ou código alterado)...')
	execSync('npm run build', { stdio: 'inherit' })
}

const child = spawn(process.execPath, [SERVER_ENTRY], {
	stdio: 'inherit',
	env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
})
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
