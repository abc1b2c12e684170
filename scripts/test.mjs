// `npm test`: the whole suite, in the order CI runs it.
//   1. unit + integration tests on the embedded database (PGlite in memory)
//   2. the files that reach a database on real PostgreSQL, when TEST_DATABASE_URL is set (only
//      those whose subject is the database also ran in 1; decision 130) (with the two app servers
//      behind nginx of server/two-servers.http.test.ts, which skips without nginx)
//   3. the production build
//   4. end-to-end tests: real Chromium against the built server
//   5. the storefront's end-to-end files again, on the Storefront API provider pointed at the
//      fake Storefront server (E2E_PROVIDER=storefront; decision 053)
// It ends with one line 'N passed, N failed' (what CI reads).
// Each summary line gives its stage's duration; after each stage, its 15 slowest files (decision 074).
// Options: --no-e2e skips 3-5; --only-e2e runs only 3-5; --stage=NAME runs one stage alone
// (pglite, postgres, e2e, storefront; the e2e ones build first when the build is stale).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { isBuildStale } from './build-freshness.mjs'
import { ensureChromium } from './ensure-chromium.mjs'

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

/** The stage's slowest files (wall time of each file, from vitest's JSON report): where its minutes go. */
function slowestFiles(report, count = 15) {
	const files = (report.testResults ?? [])
		.map((result) => ({ name: path.relative(process.cwd(), result.name), ms: (result.endTime ?? 0) - (result.startTime ?? 0) }))
		.sort((a, b) => b.ms - a.ms)
		.slice(0, count)
	return files.map(({ name, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`).join('\n')
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
	console.log(`\n--- ${label}: os 15 arquivos mais lentos ---\n${slowestFiles(report)}`)
}

const stageArg = [...args].find((a) => a.startsWith('--stage='))?.slice('--stage='.length)
const STAGES = ['pglite', 'postgres', 'e2e', 'storefront']
if (stageArg && !STAGES.includes(stageArg)) {
	console.error(`--stage=${stageArg}? (${STAGES.join(', ')})`)
	process.exit(2)
}
const wants = (stage) =>
	stageArg ? stageArg === stage : stage === 'pglite' || stage === 'postgres' ? !args.has('--only-e2e') : !args.has('--no-e2e')

// The unit stages' server tests drive Chromium too (page-cache.http.test.ts).
if (!ensureChromium()) process.exit(1)

const { TEST_DATABASE_URL, ...withoutPg } = process.env
// With a PostgreSQL stage to follow, the files that reach a database without it being their subject
// run there only (TEST_FILES=embedded, decision 130); without one, every file runs here.
const postgresFollows = wants('postgres') && Boolean(TEST_DATABASE_URL)
if (wants('pglite'))
	vitest('unit + integração (PGlite)', 'unit-pglite', [], {
		...withoutPg,
		TEST_DATABASE_URL: '',
		TEST_FILES: postgresFollows ? 'embedded' : '',
	})
if (wants('postgres')) {
	if (TEST_DATABASE_URL) {
		// Only the files that reach a database (tests/setup/test-file-groups.ts): the others ran above,
		// with those whose subject is the database itself.
		vitest('unit + integração (PostgreSQL)', 'unit-postgres', [], { TEST_DATABASE_URL, TEST_FILES: 'database' })
		// Two app servers behind nginx (server/two-servers.http.test.ts, decision 110) run in this
		// stage; without nginx that file skips, and the summary says so.
		const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx'
		if (!existsSync(nginx)) summary.push(`  dois servidores atrás do nginx: ignorado (${nginx} ausente: apt-get install -y nginx)`)
	} else {
		summary.push('unit + integração (PostgreSQL): não executado (defina TEST_DATABASE_URL)')
	}
}

if (wants('e2e') || wants('storefront')) {
	// The unit stage's server tests built it already (their global setup): a second build of the
	// same sources would cost minutes for the same files.
	const built = isBuildStale()
		? run('build de produção', 'npm', ['run', 'build'])
		: (console.log('\n=== build de produção: já feito pelas etapas anteriores, das mesmas fontes ==='), true)
	if (built) {
		if (wants('e2e')) vitest('ponta a ponta (Chromium)', 'e2e', ['--config', 'vitest.e2e.config.ts'], { E2E_PROVIDER: 'builtin' })
		// The same build, its servers on COMMERCE_PROVIDER=storefront (one per worker, each with its fake store).
		if (wants('storefront'))
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
