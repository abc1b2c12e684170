import { tmpdir } from 'node:os'
import autocannon from 'autocannon'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { startAppServer } from '#tests/support/app-server'
process.env.LOG_LEVEL = 'warn'
const scratch = await createScratchPostgresDatabase('postgres://postgres@127.0.0.1:5432/test', `prof_${Date.now()}`)
const [{ connectDatabase, setConnection }, { seedDemoData }, { seedLargeCatalogue }, { sql }] = await Promise.all([
	import('~/server/db.server'), import('~/server/seed/seed.server'), import('~/server/seed/large-catalogue.server'), import('drizzle-orm'),
])
const c = await connectDatabase(scratch.url, tmpdir())
await seedDemoData(c.db); await seedLargeCatalogue(c.db, 5000); await c.db.execute(sql`analyze`); await c.close(); setConnection(undefined)
const target = process.argv[2] ?? '/'
const server = await startAppServer({ DATABASE_URL: scratch.url, LOG_LEVEL: 'warn', SEED_DEMO: 'false', PAGE_CACHE: 'off', CATALOGUE_CACHE: process.env.CC ?? 'on', REQUEST_METRICS: 'on' }, { nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] })
for (let i = 0; i < 30; i++) await fetch(server.url + target, { headers: { 'accept-encoding': 'gzip' } }).then((r) => r.arrayBuffer())
const r = await autocannon({ url: server.url + target, connections: 10, duration: 10, headers: { 'accept-encoding': 'gzip' } })
console.log(target, 'req/s', r.requests.average, 'p99', r.latency.p99)
const lines = server.logs.join('').split('\n').filter((l) => l.startsWith('request-metrics')).slice(0, 5)
console.log(lines.join('\n'))
await server.stop(); await scratch.drop()
