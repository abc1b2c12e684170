// A real S3-compatible server for the tests (s3rver, pure JavaScript): `node s3-server-process.mjs <dir> <bucket>`.
// Runs in a process of its own, so its memory, its warnings and its log stay out of the test's.
// Prints one line `{"port":…}` once it listens on 127.0.0.1 (a free port), and stops on SIGTERM.
import S3rver from 's3rver'

const [directory, bucket] = process.argv.slice(2)
if (!directory || !bucket) {
	console.error('uso: node s3-server-process.mjs <diretório> <bucket>')
	process.exit(2)
}
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] })
const address = await server.run()
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`)
const stop = () => void server.close().finally(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
// The test runner died: do not outlive it.
process.on('disconnect', stop)
