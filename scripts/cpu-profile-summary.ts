/**
 * Where a V8 CPU profile's busy time went (`BENCH_PROFILE=dir npm run bench` writes one for the
 * uncached server; decision 058): self time by package — React DOM's renderer, React Router,
 * the app's own code, Node's HTTP and streams, compression, garbage collection — and the
 * functions that take the most. Idle time is left out, so the shares are of the CPU the server
 * used. `npx tsx scripts/cpu-profile-summary.ts file.cpuprofile [rows]` prints it.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

type ProfileNode = {
	id: number
	callFrame: { functionName: string; url: string; lineNumber: number }
	children?: number[]
}
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
export type Share = { name: string; ms: number; percent: number }
export type ProfileSummary = { busyMs: number; byPackage: Share[]; byFunction: Share[] }

/** 'react-dom', '@react-router/node', 'app' (the server build), 'node' (its built-in modules), '(garbage collector)' … */
export function packageOf(url: string, functionName: string): string {
	if (!url) return functionName.startsWith('(') ? functionName : '(nativo)'
	const dependency = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
	if (dependency?.[1]) return dependency[1]
	if (url.startsWith('node:')) return 'node'
	if (url.includes('/build/server')) return 'app'
	return path.basename(url)
}

export function summarizeCpuProfile(profile: CpuProfile, rows = 15): ProfileSummary {
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
	const selfMicros = new Map<number, number>()
	profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)))
	const byPackage = new Map<string, number>()
	const byFunction = new Map<string, number>()
	let busy = 0
	for (const [id, micros] of selfMicros) {
		const frame = nodes.get(id)?.callFrame
		if (!frame || frame.functionName === '(idle)') continue
		busy += micros
		const pkg = packageOf(frame.url, frame.functionName)
		byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros)
		const fn = `${frame.functionName || '(anônima)'} — ${pkg}${frame.url ? `:${frame.lineNumber + 1}` : ''}`
		byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros)
	}
	const shares = (totals: Map<string, number>): Share[] =>
		[...totals]
			.sort((a, b) => b[1] - a[1])
			.slice(0, rows)
			.map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), percent: busy > 0 ? (100 * micros) / busy : 0 }))
	return { busyMs: Math.round(busy / 1000), byPackage: shares(byPackage), byFunction: shares(byFunction) }
}

export function formatProfileSummary(file: string, summary: ProfileSummary): string {
	const lines = [`Perfil de CPU ${file}: ${summary.busyMs} ms ocupados (sem o tempo ocioso)`, '  por pacote (tempo próprio):']
	for (const share of summary.byPackage) lines.push(`    ${share.percent.toFixed(1).padStart(5)} %  ${share.name}`)
	lines.push('  funções que mais tomam:')
	for (const share of summary.byFunction) lines.push(`    ${share.percent.toFixed(1).padStart(5)} %  ${share.name}`)
	return lines.join('\n')
}

export function readCpuProfile(file: string): CpuProfile {
	return JSON.parse(readFileSync(file, 'utf8')) as CpuProfile
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const [file, rows] = process.argv.slice(2)
	if (!file) {
		console.error('uso: npx tsx scripts/cpu-profile-summary.ts arquivo.cpuprofile [linhas]')
		process.exit(2)
	}
	console.log(formatProfileSummary(file, summarizeCpuProfile(readCpuProfile(file), Number(rows ?? 15))))
}
