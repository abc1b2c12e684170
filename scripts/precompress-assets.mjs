// Writes a Brotli (.br, quality 11) and a gzip (.gz, Zopfli) copy beside every compressible file
// of the browser build, once per build, so the server sends them as they are instead of
// compressing each request (decision 064: a first visit fetches ~50 modules; compressing the
// client entry alone took ~11 ms of CPU per request).
//
// The gzip copy is Zopfli's (decision 152): a deflate stream any gzip reader decodes, 3 % smaller
// than zlib's level 9 on the shop's files (the product page's first load 128.1 → 124.3 KB for a
// browser that takes gzip only), paid once here, in worker threads, not per request. A copy is kept
// only when it saves bytes: a 700-byte module gzips to ~300, so files under 1 KB are compressed
// too (the compression middleware's 1 KB threshold sent them as they are).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { isMainThread, parentPort, Worker } from 'node:worker_threads'
import { brotliCompress, constants } from 'node:zlib'

const CLIENT_DIR = 'build/client'
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/
/** The `Content-Encoding` and `Vary` headers a compressed answer adds: a copy must save more than this. */
const HEADER_BYTES = 40
/** Zopfli's passes: 15 (its default) gains 0.1 % over 1 on these files for 50 % more time. */
const ZOPFLI_ITERATIONS = 1
/**
 * Zopfli's block splitting has a cost per file that dominated the step (~70 ms a file, 200 files) and
 * gains nothing measurable on small ones: on from this size (the product page's first load came out
 * byte for byte the same; the whole step 20.7 → 6.8 s of CPU).
 */
const BLOCK_SPLITTING_FROM_BYTES = 4096

async function filesUnder(dir) {
	const entries = await readdir(dir, { withFileTypes: true })
	const nested = await Promise.all(
		entries.map((entry) => {
			const full = path.join(dir, entry.name)
			return entry.isDirectory() ? filesUnder(full) : [full]
		}),
	)
	return nested.flat()
}

const brotli = promisify(brotliCompress)

async function brotliCopy(file) {
	const bytes = await readFile(file)
	const br = await brotli(bytes, {
		params: {
			[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
			[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
			[constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
		},
	})
	if (br.length + HEADER_BYTES >= bytes.length) return { size: bytes.length, br: null }
	await writeFile(`${file}.br`, br)
	return { size: bytes.length, br: br.length }
}

/** Zopfli runs in JavaScript's thread (WebAssembly): one worker per core, biggest files first. */
function gzipCopies(files) {
	const queue = [...files]
	const results = []
	const workers = Math.min(availableParallelism(), queue.length)
	return new Promise((resolve, reject) => {
		let running = workers
		for (let index = 0; index < workers; index++) {
			const worker = new Worker(new URL(import.meta.url))
			const next = () => {
				const file = queue.shift()
				if (file) worker.postMessage(file)
				else {
					void worker.terminate()
					if (--running === 0) resolve(results)
				}
			}
			worker.on('message', (result) => {
				results.push(result)
				next()
			})
			worker.on('error', reject)
			next()
		}
	})
}

async function main() {
	const files = (await filesUnder(CLIENT_DIR)).filter((file) => COMPRESSIBLE.test(file))
	const sizes = new Map(await Promise.all(files.map(async (file) => [file, (await stat(file)).size])))
	files.sort((a, b) => sizes.get(b) - sizes.get(a))
	const [brotliResults, gzipResults] = await Promise.all([Promise.all(files.map(brotliCopy)), gzipCopies(files)])
	const total = (results, key) => results.reduce((sum, result) => sum + (result[key] ?? result.size), 0)
	const original = total(brotliResults, 'size')
	console.log(
		`precompress: ${files.length} arquivos, ${Math.round(original / 1024)} KB → ${Math.round(total(brotliResults, 'br') / 1024)} KB em Brotli, ${Math.round(total(gzipResults, 'gz') / 1024)} KB em gzip (Zopfli)`,
	)
}

if (isMainThread) await main()
else {
	// A worker: gzips each file it is sent with Zopfli and writes the copy when it saves bytes.
	// (Zopfli is loaded here only: its Emscripten module installs process-wide error handlers.)
	const { gzipAsync: zopfliGzip } = await import('@gfx/zopfli')
	parentPort.on('message', async (file) => {
		const bytes = await readFile(file)
		const gz = await zopfliGzip(bytes, { numiterations: ZOPFLI_ITERATIONS, blocksplitting: bytes.length >= BLOCK_SPLITTING_FROM_BYTES })
		const kept = gz.length + HEADER_BYTES < bytes.length
		if (kept) await writeFile(`${file}.gz`, gz)
		parentPort.postMessage({ file, size: bytes.length, gz: kept ? gz.length : null })
	})
}
