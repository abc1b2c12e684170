// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file
// of the browser build, once per build, so the server sends them as they are instead of
// compressing each request (decision 064: a first visit fetches ~50 modules; compressing the
// client entry alone took ~11 ms of CPU per request). Files under 1 KB stay as they are: the
// compression middleware's threshold, below which the headers outweigh the saving.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const CLIENT_DIR = 'build/client'
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

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

const files = (await filesUnder(CLIENT_DIR)).filter((file) => COMPRESSIBLE.test(file))
let original = 0
let compressed = 0
await Promise.all(
	files.map(async (file) => {
		if ((await stat(file)).size < MIN_BYTES) return
		const bytes = await readFile(file)
		const [br, gz] = await Promise.all([
			brotli(bytes, {
				params: {
					[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
					[constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
					[constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
				},
			}),
			gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
		])
		await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
		original += bytes.length
		compressed += br.length
	}),
)
console.log(`precompress: ${files.length} arquivos, ${Math.round(original / 1024)} KB → ${Math.round(compressed / 1024)} KB em Brotli`)
