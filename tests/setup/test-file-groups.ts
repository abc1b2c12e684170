import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The unit/integration files that reach a database: those that open one (withTestDatabase,
 * setupTestDatabase, connectDatabase, openConnection) or choose one by TEST_DATABASE_URL (the
 * server tests give their production server a PostgreSQL database then). Only these run a second
 * time on PostgreSQL (decision 074): a file that never reaches a database would run the same code
 * twice, and a server test that keeps its server on PGlite would too.
 */
const REACHES_A_DATABASE = /\b(withTestDatabase|setupTestDatabase|connectDatabase|openConnection|databaseBeforeMigration)\(|TEST_DATABASE_URL/

const TEST_FILE = /\.test\.tsx?$/

function testFilesUnder(directory: string): string[] {
	const found: string[] = []
	for (const entry of readdirSync(directory, { withFileTypes: true })) {
		if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
		const full = path.join(directory, entry.name)
		if (entry.isDirectory()) found.push(...testFilesUnder(full))
		else if (TEST_FILE.test(entry.name)) found.push(full)
	}
	return found
}

/**
 * The files that replace a module with vi.mock. The unit run shares each worker's module cache
 * between files (isolate: false, decision 074): a mock needs its file to import the module anew,
 * so these files run in a project of their own that keeps vitest's isolation.
 */
const MOCKS_A_MODULE = /\bvi\.(mock|doMock)\(/

function testFilesWhose(roots: readonly string[], content: RegExp): string[] {
	return roots
		.filter((root) => existsSync(root))
		.flatMap((root) => testFilesUnder(root))
		.filter((file) => content.test(readFileSync(file, 'utf8')))
		.map((file) => file.split(path.sep).join('/'))
		.sort()
}

/** `roots`: the folders the unit config includes (relative to the working directory). */
export function databaseTestFiles(roots: readonly string[]): string[] {
	return testFilesWhose(roots, REACHES_A_DATABASE)
}

/**
 * The files whose subject is the database itself (queries, search's extensions, locks, races,
 * transactions, migrations, each engine's wiring, backup, outage), marked by a first-line comment
 * `// Runs on both databases (decision 130): …`. When the PostgreSQL stage runs, the embedded
 * stage keeps only these of the files that reach a database: the others prove the shop's rules,
 * which are the same SQL on both engines (PGlite is PostgreSQL's own code), once, on PostgreSQL.
 */
const DATABASE_IS_THE_SUBJECT = /^\/\/ Runs on both databases \(decision 130\): /

export function databaseSubjectTestFiles(roots: readonly string[]): string[] {
	return testFilesWhose(roots, DATABASE_IS_THE_SUBJECT)
}

/** The files that reach a database without it being their subject: run once, on PostgreSQL when the run has it. */
export function onceOnPostgresTestFiles(roots: readonly string[]): string[] {
	const subject = new Set(databaseSubjectTestFiles(roots))
	return databaseTestFiles(roots).filter((file) => !subject.has(file))
}

export function moduleMockingTestFiles(roots: readonly string[]): string[] {
	return testFilesWhose(roots, MOCKS_A_MODULE)
}
