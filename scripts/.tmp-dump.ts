// ad-hoc: dump all modules (estimated gz) for a page
import { readFileSync, readdirSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import path from 'node:path'
const routeId = process.argv[2]
const assets = 'build/client/assets'
const mf = readdirSync(assets).find((f) => f.startsWith('manifest-'))!
const t = readFileSync(path.join(assets, mf), 'utf8')
const m = JSON.parse(t.slice(t.indexOf('{'), t.lastIndexOf('}') + 1))
const chunks = JSON.parse(readFileSync('build/js-modules.json', 'utf8'))
const chain: string[] = []
for (let id = routeId; id; id = m.routes[id]?.parentId) chain.unshift(id)
const seen = new Set<string>()
const q: string[] = [m.entry.module, ...m.entry.imports]
for (const id of chain) q.push(m.routes[id].module, ...(m.routes[id].imports ?? []))
while (q.length) { const u = q.pop()!; if (seen.has(u)) continue; seen.add(u)
  const text = readFileSync(path.join('build/client', u), 'utf8')
  for (const mm of text.matchAll(/(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) q.push(path.posix.join(path.posix.dirname(u), mm[1]!)) }
const rows: [string, number, string][] = []
for (const u of seen) { const gz = gzipSync(readFileSync(path.join('build/client', u))).length; const mods = chunks[u]?.modules ?? {}; const tot = Object.values(mods as Record<string,number>).reduce((a, b) => a + b, 0)
  for (const [id, l] of Object.entries(mods as Record<string,number>)) rows.push([id.replace('/work/main/', ''), (gz * l) / tot, u]) }
rows.sort((a, b) => b[1] - a[1])
for (const r of rows) if (r[1] > 150) console.log((r[1] / 1024).toFixed(2).padStart(6), r[0], r[2])
