// How fast this machine is today, in one figure CI prints before its stages (issue 27, decision 125):
// the CI machines vary 1.5× from day to day, so a stage's minutes mean little without the speed
// of the day beside them. A fixed single-thread workload shaped like the suite's (JSON, string
// work, object churn, a hash), its median time over five rounds, in milliseconds: lower is faster.
// Reference: 200 ms, a node-svc machine on 2026-11-27 (193–232 ms over four runs, with the load
// falling from 8 to 4 after other work): a day whose figure is 300 is about 1.5× slower.
import { createHash } from 'node:crypto'

const REFERENCE_MS = 200

function round() {
	const started = performance.now()
	const rows = Array.from({ length: 4000 }, (_, i) => ({
		id: `p-${i}`,
		title: `Bandana Xadrez Vermelha nº ${i} — ção`,
		priceCents: 2990 + i,
		tags: ['bandana', 'pet', String(i % 7)],
	}))
	let text = ''
	for (let i = 0; i < 12; i++) text = JSON.stringify(JSON.parse(JSON.stringify(rows)))
	const words = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/)
	const counts = new Map()
	for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1)
	const hash = createHash('sha256')
	for (let i = 0; i < 40; i++) hash.update(text)
	hash.digest('hex')
	return performance.now() - started
}

round() // warm-up: the JIT, not the machine
const times = Array.from({ length: 5 }, round).sort((a, b) => a - b)
const median = Math.round(times[2])
const relative = ` (${(median / REFERENCE_MS).toFixed(2)}× a referência de ${REFERENCE_MS} ms)`
console.log(`=== velocidade da máquina: ${median} ms por rodada fixa, menor é mais rápido${relative} ===`)
