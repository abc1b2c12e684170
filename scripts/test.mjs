// `npm test`: the whole suite, in the order CI runs it.
//   1. unit + integration tests on the embedded database (PGlite in memory)
//   2. the same again on real PostgreSQL, when TEST_DATABASE_URL is set
//   3. the production build
//   4. end-to-end tests: real Chromium against the built server
// It ends with one line 'N passed, N failed' (what CI reads).
// Options: --no-e2e skips 3-4; --only-e2e runs only 3-4.
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

function vitest(label, file, extraArgs, env) {
	const outputFile = `${resultsDir}/${file}.json`
	const succeeded = run(label, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`, ...extraArgs], env)
	if (!existsSync(outputFile)) {
		summary.push(`${label}: sem resultados (o executor falhou antes de testar)`)
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
	summary.push(`${label}: ${passed} passed, ${failed} failed, ${skipped} skipped`)
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
		vitest('ponta a ponta (Chromium)', 'e2e', ['--config', 'vitest.e2e.config.ts'])
	} else {
		summary.push('ponta a ponta: não executado (o build falhou)')
		totals.failed += 1
	}
}

console.log('\n=== resumo ===')
for (const line of summary) console.log(line)
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(ok ? 0 : 1)
