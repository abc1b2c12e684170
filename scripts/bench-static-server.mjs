// The benchmark's upper bound: the same bytes the app answered, served from memory by a bare
// node:http server on this machine. Usage: node scripts/bench-static-server.mjs <pages.json> <port>
// where pages.json is [{ "path": "/", "file": "/tmp/…/0.body", "contentType": "text/html…" }].
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [pagesFile, port] = process.argv.slice(2)
if (!pagesFile || !port) {
	console.error('uso: node scripts/bench-static-server.mjs <pages.json> <porta>')
	process.exit(2)
}

/** @type {{ path: string; file: string; contentType: string }[]} */
const pages = JSON.parse(readFileSync(pagesFile, 'utf8'))
const bodies = new Map(pages.map((page) => [page.path, { body: readFileSync(page.file), contentType: page.contentType }]))

createServer((req, res) => {
	const page = bodies.get(req.url ?? '/')
	if (!page) {
		res.writeHead(404).end()
		return
	}
	res.writeHead(200, { 'Content-Type': page.contentType, 'Content-Length': page.body.length })
	res.end(page.body)
}).listen(Number(port), '127.0.0.1', () => {
	process.stdout.write('pronto\n')
})
