// Runs on both databases (decision 130): its subject is each engine's dump and restore.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { mp4Bytes } from '#tests/fixtures/media'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { checkoutForm } from '#tests/support/checkout-http'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { afterAll, describe, expect, test } from 'vitest'
import { createLocalDiskDriver } from '~/server/storage/local/driver.server'

/**
 * `npm run backup` / `npm run restore` round trip on the embedded database (decision 023):
 * a shop with an order (placed over HTTP) and an uploaded file is backed up, restored into a
 * fresh data directory, and the production server started on that copy serves both back.
 * The embedded-database round trip runs in the PGlite run of the suite, the pg_dump one in the
 * PostgreSQL run (TEST_DATABASE_URL set).
 */
const TSX = path.resolve('node_modules/.bin/tsx')

function runScript(script: string, args: string[], dataDir: string, databaseUrl = '') {
	const result = spawnSync(TSX, [script, ...args], {
		env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
		encoding: 'utf8',
	})
	return { status: result.status, output: `${result.stdout}${result.stderr}` }
}

/** Cookies kept between requests, as a browser would (the order page needs the buyer's). */
function cookieJar(baseUrl: string) {
	const cookies = new Map<string, string>()
	return async (pathname: string, form?: Record<string, string>) => {
		const response = await fetch(new URL(pathname, baseUrl), {
			method: form ? 'POST' : 'GET',
			redirect: 'manual',
			headers: {
				cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
				origin: baseUrl,
				...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
			},
			body: form ? new URLSearchParams(form).toString() : undefined,
		})
		for (const header of response.headers.getSetCookie()) {
			const [pair = ''] = header.split(';')
			const index = pair.indexOf('=')
			cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim())
		}
		return response
	}
}

/** Adds one demo product to the cart and places a PIX order through the checkout form. */
async function placeOrder(request: ReturnType<typeof cookieJar>): Promise<string> {
	const product = await (await request('/produto/spray-desembaracante-200ml')).text()
	// The variant id travels in the page's serialised loader data: try the ids it holds
	// until the cart takes one (the others are product, image and collection ids).
	const ids = [...new Set(product.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])]
	let added = false
	for (const variantId of ids) {
		const response = await request('/cart', { intent: 'add', lines: JSON.stringify([{ variantId, quantity: 1 }]) })
		if (response.status === 200) {
			added = true
			break
		}
	}
	expect(added).toBe(true)
	const checkout = await (await request('/checkout')).text()
	// Every hidden field of the form goes back (the idempotency key among them).
	const hidden = Object.fromEntries([...checkout.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]))
	const placed = await request('/checkout', {
		...hidden,
		...checkoutForm({ idempotencyKey: hidden.idempotencyKey ?? '', paymentMethod: 'pix' }),
		name: 'Ana Cópia de Segurança',
		email: 'ana.backup@example.com',
	})
	expect(placed.status).toBe(302)
	const location = placed.headers.get('location') ?? ''
	expect(location).toMatch(/^\/pedido\/[A-Z0-9-]+$/)
	return location
}

describe.skipIf(!!process.env.TEST_DATABASE_URL)('backup and restore (embedded database)', () => {
	const work = mkdtempSync(path.join(tmpdir(), 'loja-backup-test-'))
	const shopDir = path.join(work, 'loja')
	const restoredDir = path.join(work, 'restaurada')
	const archive = path.join(work, 'copia.tar.gz')
	const servers: RunningServer[] = []
	afterAll(async () => {
		for (const server of servers) await server.stop()
		rmSync(work, { recursive: true, force: true })
	})

	test('a shop with an order and an uploaded file comes back whole in a fresh data directory', async () => {
		const original = await startAppServer({ DATA_DIR: shopDir, SEED_DEMO: 'true' })
		servers.push(original)
		const request = cookieJar(original.url)
		const orderPath = await placeOrder(request)
		const video = mp4Bytes(50_000)
		await createLocalDiskDriver(path.join(shopDir, 'uploads', 'hero-videos')).put('hero-backup.mp4', video, 'video/mp4')

		// While the shop runs, the embedded database is not copied.
		const refused = runScript('scripts/backup.ts', [archive], shopDir)
		expect(refused.status).toBe(1)
		expect(refused.output).toContain('A loja parece estar rodando')

		await original.stop()
		servers.splice(0)
		const backup = runScript('scripts/backup.ts', [archive], shopDir)
		expect(backup.output).toContain('Cópia de segurança gravada em')
		expect(backup.status).toBe(0)
		expect(backup.output).toMatch(/orders: 1,/)
		expect(backup.output).toMatch(/arquivos enviados: [1-9]/)

		const restore = runScript('scripts/restore.ts', [archive], restoredDir)
		expect(restore.output).toContain('restaurada')
		expect(restore.status).toBe(0)
		// A second restore would overwrite a shop: refused without --force.
		const again = runScript('scripts/restore.ts', [archive], restoredDir)
		expect(again.status).toBe(1)
		expect(again.output).toContain('Já há dados aqui')

		const restored = await startAppServer({ DATA_DIR: restoredDir })
		servers.push(restored)
		const readBack = cookieJar(restored.url)
		// The order page needs the buyer's cookie: the sessions came back too.
		const order = await request(new URL(orderPath, restored.url).href)
		expect(order.status).toBe(200)
		expect(order.headers.get('content-type')).toContain('text/html')
		expect(await order.text()).toContain('Ana Cópia de Segurança')
		const file = await readBack('/uploads/hero-videos/hero-backup.mp4')
		expect(file.status).toBe(200)
		expect(file.headers.get('content-type')).toBe('video/mp4')
		expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(video))).toBe(true)
	}, 600_000)
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore (PostgreSQL, pg_dump)', () => {
	const base = process.env.TEST_DATABASE_URL as string
	const work = mkdtempSync(path.join(tmpdir(), 'loja-backup-pg-test-'))
	const archive = path.join(work, 'copia.tar.gz')
	const servers: RunningServer[] = []
	const databases: Array<{ drop(): Promise<void> }> = []
	afterAll(async () => {
		for (const server of servers) await server.stop()
		for (const database of databases) await database.drop()
		rmSync(work, { recursive: true, force: true })
	})

	test('backed up while the shop runs, restored into an empty database and a fresh data directory', async () => {
		const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`
		const source = await createScratchPostgresDatabase(base, `backup_src_${suffix}`)
		databases.push(source)
		const target = await createScratchPostgresDatabase(base, `backup_dst_${suffix}`)
		databases.push(target)
		const shopDir = path.join(work, 'loja')
		const restoredDir = path.join(work, 'restaurada')

		const original = await startAppServer({ DATA_DIR: shopDir, DATABASE_URL: source.url, SEED_DEMO: 'true' })
		servers.push(original)
		const request = cookieJar(original.url)
		const orderPath = await placeOrder(request)
		const video = mp4Bytes(50_000)
		await createLocalDiskDriver(path.join(shopDir, 'uploads', 'hero-videos')).put('hero-backup.mp4', video, 'video/mp4')

		const backup = runScript('scripts/backup.ts', [archive], shopDir, source.url)
		expect(backup.output).toContain('PostgreSQL (pg_dump)')
		expect(backup.status).toBe(0)
		expect(backup.output).toMatch(/orders: 1,/)

		const restore = runScript('scripts/restore.ts', [archive], restoredDir, target.url)
		expect(restore.output).toContain('restaurada')
		expect(restore.status).toBe(0)
		const again = runScript('scripts/restore.ts', [archive], restoredDir, target.url)
		expect(again.status).toBe(1)
		expect(again.output).toContain('O banco de destino já tem')

		const restored = await startAppServer({ DATA_DIR: restoredDir, DATABASE_URL: target.url })
		servers.push(restored)
		const order = await request(new URL(orderPath, restored.url).href)
		expect(order.status).toBe(200)
		expect(await order.text()).toContain('Ana Cópia de Segurança')
		const file = await cookieJar(restored.url)('/uploads/hero-videos/hero-backup.mp4')
		expect(file.status).toBe(200)
		expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(video))).toBe(true)
	}, 600_000)
})
