// `npm test`: the whole suite, in the order CI runs it.
//   1. unit + integration tests on the embedded database (PGlite in memory)
//   2. the same again on real PostgreSQL, when TEST_DATABASE_URL is set
//   3. the production build
//   4. end-to-end tests: real Chromium against the built server
//   5. the storefront's end-to-end files again, on the Storefront API provider pointed at the
//      fake Storefront server (E2E_PROVIDER=storefront; decision 053)
// It ends with one line 'N passed, N failed' (what CI reads).
// Each summary line gives its stage's duration. Options: --no-e2e skips 3-5; --only-e2e runs only 3-5.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const args = new Set(process.argv.slice(2))
const resultsDir = 'test-results'
rmSync(resultsDir, { recursive: true, force: true })
mkdirSync(resultsDir, { recursive: true })

const totals = { passed: 0, failed: 0, skipped: 0 }
const summary = []
let ok = true

function run(label, command, commandArgs, env = {}) {
	console.log(`\n=== ${label} ===`)
	const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: { ...process.env, ...env } })
	if (result.status !== 0) ok = false
	return result.status === 0
}

/** '1 min 05 s', '42 s': a stage's wall time for the summary. */
function duration(ms) {
	const seconds = Math.round(ms / 1000)
	return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
}

function vitest(label, file, extraArgs, env) {
	const outputFile = `${resultsDir}/${file}.json`
	const started = Date.now()
	const succeeded = run(
		label,
		'npx',
		['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`, ...extraArgs],
		env,
	)
	const took = duration(Date.now() - started)
	if (!existsSync(outputFile)) {
		summary.push(`${label}: sem resultados (o executor falhou antes de testar) (${took})`)
		totals.failed += 1
		ok = false
		return
	}
	const report = JSON.parse(readFileSync(outputFile, 'utf8'))
	const passed = report.numPassedTests ?? 0
	// A failure outside any test (e.g. the e2e server printed a Node warning, found when the
	// global teardown stops it) makes vitest exit non-zero with every test passed: count it.
	const outside = succeeded ? 0 : 1
	const failed = Math.max((report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0), outside)
	const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
	totals.passed += passed
	totals.failed += failed
	totals.skipped += skipped
	if (failed > 0) ok = false
	summary.push(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped (${took})`)
}

if (!args.has('--only-e2e')) {
	const { TEST_DATABASE_URL, ...withoutPg } = process.env
	vitest('unit + integração (PGlite)', 'unit-pglite', [], { ...withoutPg, TEST_DATABASE_URL: '' })
	if (TEST_DATABASE_URL) {
		vitest('unit + integração (PostgreSQL)', 'unit-postgres', [], { TEST_DATABASE_URL })
	} else {
		summary.push('unit + integração (PostgreSQL): não executado (defina TEST_DATABASE_URL)')
	}
}

if (!args.has('--no-e2e')) {
	if (run('build de produção', 'npm', ['run', 'build'])) {
		vitest('ponta a ponta (Chromium)', 'e2e', ['--config', 'vitest.e2e.config.ts'], { E2E_PROVIDER: 'builtin' })
		// The same build, its own server on COMMERCE_PROVIDER=storefront (one for the whole run).
		vitest('ponta a ponta no provedor Storefront (Chromium)', 'e2e-storefront', ['--config', 'vitest.e2e.config.ts'], {
			E2E_PROVIDER: 'storefront',
		})
	} else {
		summary.push('ponta a ponta: não executado (o build falhou)')
		totals.failed += 1
	}
}

console.log('\n=== resumo ===')
for (const line of summary) console.log(line)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(ok ? 0 : 1)
