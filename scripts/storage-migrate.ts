/**
 * `npm run storage:migrate`: copies a local shop's uploads (DATA_DIR/uploads) into the S3 bucket
 * configured by STORAGE_DRIVER=s3 and the S3_* variables (issue 33, decision 080). Resumable (a
 * second run skips what is there with the same SHA-256) and verified (each copy is read back and
 * hashed). The shop may keep running on the local disk meanwhile; switch STORAGE_DRIVER=s3 and
 * run it once more right before restarting, to copy what was uploaded in between.
 */
import path from 'node:path'
import { createLocalBackend, createS3Backend, s3ConfigOf } from '~/server/storage/backend.server'
import { migrateStorage } from '~/server/storage/migrate.server'
import { fail, formatBytes, readEnvOrExit, runCommand } from './backup/shared'

const env = readEnvOrExit()

async function main() {
	const config = s3ConfigOf({ ...env, STORAGE_DRIVER: 's3' })
	if (!config || !config.bucket || !config.accessKeyId || !config.secretAccessKey) {
		fail('Configure o bucket de destino: S3_BUCKET, S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY (e S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE conforme o serviço).')
	}
	const source = createLocalBackend(env.DATA_DIR)
	const target = createS3Backend(config)
	try {
		const ready = await target.check()
		if (!ready.ok) fail(`O bucket ${config.bucket} não respondeu (${ready.code}): ${ready.detail}`)
		console.log(`Copiando ${path.resolve(env.DATA_DIR, 'uploads')} → s3://${config.bucket} …`)
		let seen = 0
		const report = await migrateStorage({
			source,
			target,
			onObject: ({ bucket, key, result, reason }) => {
				seen += 1
				if (result === 'falhou') console.error(`  ✗ ${bucket}/${key}: ${reason}`)
				else if (seen % 100 === 0) console.log(`  … ${seen} arquivos conferidos`)
			},
		})
		console.log(
			[
				`Copiados: ${report.copied} (${formatBytes(report.bytes)}); já estavam no bucket: ${report.skipped}; falharam: ${report.failed.length}.`,
				report.failed.length > 0
					? 'Rode de novo para tentar os que falharam (os já copiados são conferidos e pulados).'
					: 'Tudo conferido (SHA-256). Defina STORAGE_DRIVER=s3 e reinicie a loja.',
			].join('\n'),
		)
		if (report.failed.length > 0) process.exitCode = 1
	} finally {
		await target.close()
	}
}

await runCommand(main)
