// Runs on both databases (decision 130): its subject is the settings' jsonb round trip through each engine's driver (a digit-only value came back as a number, issue 28).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createScratchPostgresDatabase } from '#tests/setup/scratch-postgres'
import { HttpSession } from '#tests/e2e/support/http-session'
import { renderCheckout, submitCheckout } from '#tests/support/checkout-http'
import { type RunningServer, ensureBuilt, startAppServer } from '#tests/support/app-server'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createProduct } from '~/commerce/builtin/test-factories.server'
import { parsePixPayload } from '~/commerce/rules/pix-brcode'
import { PIX_KEY_MESSAGES } from '~/commerce/rules/pix-key'
import { type Connection, migrateConnection, openConnection, setConnection } from '~/server/db.server'
import { defaultStoreSettings } from '~/server/settings.server'
import { settingsFormValues } from '~/routes/admin/settings-form'

/**
 * Issue 28, defect 3 (decision 069), through HTTP against the production server: the owner sets
 * each kind of PIX key on /admin/configuracoes (as the hydrated page posts it, to
 * `/admin/configuracoes.data`, and as a page without JavaScript does), and the next PIX order's
 * BR Code carries that key, normalised. Digit-only keys (CPF, CNPJ) used to be saved, then read
 * back as numbers and replaced by the demo key. PGlite in a temporary directory, or a scratch
 * PostgreSQL database when TEST_DATABASE_URL is set: the issue asks for both (the first line).
 */

const ADMIN = { email: 'dona@loja.test', password: 'senha-forte-da-dona-123' }
const SETTINGS = '/admin/configuracoes'

let server: RunningServer
let databaseUrl: string
let cleanup: () => Promise<void> = async () => {}
let variantId: string
let admin: HttpSession

beforeAll(async () => {
	ensureBuilt()
	if (process.env.TEST_DATABASE_URL) {
		const database = await createScratchPostgresDatabase(
			process.env.TEST_DATABASE_URL,
			`pixkey_${process.pid}_${Math.random().toString(36).slice(2, 8)}`,
		)
		databaseUrl = database.url
		cleanup = database.drop
	} else {
		const dir = mkdtempSync(path.join(tmpdir(), 'loja-chave-pix-'))
		databaseUrl = `pglite://${dir}`
		cleanup = async () => rmSync(dir, { recursive: true, force: true })
	}
	// The catalogue is written before the server starts: PGlite allows one process at a time.
	// PGlite starts from the run's already-migrated dump (tests/setup/global-setup.ts): seconds less.
	const templatePath = process.env.TEST_DATABASE_URL ? '' : inject('pgliteTemplatePath')
	const pgliteTemplate = templatePath ? new Blob([readFileSync(templatePath)]) : undefined
	const connection: Connection = await openConnection(databaseUrl, '/nonexistent', { pgliteTemplate })
	setConnection(connection)
	try {
		await migrateConnection(connection)
		const { variant } = await createProduct({ title: 'Bandana Xadrez', variants: [{ stock: null, priceCents: 4990 }] })
		variantId = variant.id
	} finally {
		setConnection(undefined)
		await connection.close()
	}
	server = await startAppServer({ SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATABASE_URL: databaseUrl })
	admin = new HttpSession(server.url)
	await admin.signIn(ADMIN.email, ADMIN.password)
}, 240_000)

afterAll(async () => {
	await server?.stop()
	await cleanup()
})

/** The settings form as the page renders it for a fresh shop, with some fields changed. */
function settingsForm(changes: Record<string, string>): Record<string, string> {
	// No gift: the shop has no demo catalogue, and the form refuses a handle with no product.
	return { ...settingsFormValues(defaultStoreSettings()), giftProductHandle: '', ...changes }
}

/** 'Salvar configurações': the hydrated page posts to `.data`, a page without JavaScript to the bare path. */
async function saveSettings(changes: Record<string, string>, via: 'data' | 'bare') {
	const response = await admin.post(via === 'data' ? `${SETTINGS}.data` : SETTINGS, settingsForm(changes))
	return { status: response.status, location: response.headers.get('location'), toast: toastOf(response), body: await response.text() }
}

/** The title of the flash toast a response sets (the `loja_toast` cookie), if any. */
function toastOf(response: Response): string | null {
	const cookie = response.headers.getSetCookie().find((c) => c.startsWith('loja_toast=') && !c.startsWith('loja_toast=;'))
	if (!cookie) return null
	const value = cookie.slice('loja_toast='.length).split(';')[0]!
	return (JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { title: string }).title
}

/** A new shopper's PIX order for the bandana: the key in its BR Code, and the order page. */
async function nextPixOrder(): Promise<{ key: string; html: string }> {
	const shopper = new HttpSession(server.url)
	const added = await shopper.post('/cart', { intent: 'add', lines: JSON.stringify([{ variantId, quantity: 1 }]) })
	expect(added.status).toBe(200)
	const placed = await submitCheckout(shopper, { idempotencyKey: await renderCheckout(shopper), paymentMethod: 'pix' })
	expect(placed.reference, placed.body.slice(0, 500)).not.toBeNull()
	const html = await (await shopper.get(`/pedido/${placed.reference}`)).text()
	const text = (/data-testid="pix-payload"[^>]*>([^<]+)<\/textarea>/.exec(html)?.[1] ?? '').replaceAll('&amp;', '&')
	const parsed = parsePixPayload(text)
	if (!parsed.ok) throw new Error(`BR Code ilegível no pedido ${placed.reference}: ${parsed.error} (${text})`)
	return { key: parsed.payload.key, html }
}

describe('PIX key set in the admin reaches the next order’s BR Code', () => {
	test('a fresh shop still pays to the demo key (the baseline the defect fell back to)', async () => {
		expect((await nextPixOrder()).key).toBe('contato@petestilo.com.br')
	})

	const KEYS: Array<{ kind: string; typed: string; key: string; label: string; via: 'data' | 'bare' }> = [
		{ kind: 'CPF', typed: '529.982.247-25', key: '52998224725', label: 'CPF', via: 'data' },
		{ kind: 'CNPJ', typed: '33.000.167/0001-01', key: '33000167000101', label: 'CNPJ', via: 'data' },
		// Issued since July 2026: letters and digits (the Receita's example), typed in lower case.
		{ kind: 'CNPJ alfanumérico', typed: '12.abc.345/01de-35', key: '12ABC34501DE35', label: 'CNPJ', via: 'bare' },
		{ kind: 'celular', typed: '(11) 98765-4321', key: '+5511987654321', label: 'telefone', via: 'data' },
		{ kind: 'e-mail', typed: 'Financeiro.PetEstilo@Exemplo.com.br', key: 'financeiro.petestilo@exemplo.com.br', label: 'e-mail', via: 'bare' },
		{ kind: 'chave aleatória', typed: '7D9F0335-8DCC-4054-9BF9-0DBD61D36906', key: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906', label: 'chave aleatória', via: 'data' },
	]
	for (const { kind, typed, key, label, via } of KEYS) {
		test(`${kind}: '${typed}' is saved as '${key}' and used`, async () => {
			const saved = await saveSettings({ pixKey: typed }, via)
			if (via === 'data') {
				// Single fetch: the action's redirect comes back as 202 with the target in the body.
				expect(saved.status, saved.body.slice(0, 300)).toBe(202)
				expect(saved.body).toContain(SETTINGS)
			} else {
				expect(saved.status, saved.body.slice(0, 300)).toBe(302)
				expect(saved.location).toBe(SETTINGS)
			}
			expect(saved.toast).toBe('Configurações salvas!')
			const page = await (await admin.get(SETTINGS)).text()
			expect(page).toContain(`value="${key}"`)
			expect(page).toContain(`Chave salva: ${label}.`)
			expect((await nextPixOrder()).key).toBe(key)
		})
	}

	test('the digit-only WhatsApp number and CNPJ are used in the shop, not the demo ones; an alphanumeric CNPJ too', async () => {
		const alphanumeric = await saveSettings({ cnpj: '12.abc.345/01de-35' }, 'data')
		expect(alphanumeric.status, alphanumeric.body.slice(0, 300)).toBe(202)
		expect((await nextPixOrder()).html).toContain('CNPJ 12.ABC.345/01DE-35')
		const saved = await saveSettings({ pixKey: '111.444.777-35', whatsappNumber: '55 (21) 98765-4321', cnpj: '45.997.418/0001-53' }, 'data')
		expect(saved.status, saved.body.slice(0, 300)).toBe(202)
		expect(saved.toast).toBe('Configurações salvas!')
		const { key, html } = await nextPixOrder()
		expect(key).toBe('11144477735')
		expect(html).toContain('https://wa.me/5521987654321')
		expect(html).toContain('CNPJ 45.997.418/0001-53')
		expect(html).not.toContain('5511999999999')
	})

	test('an invalid key is refused with its kind’s message, nothing is saved, and orders keep the last key', async () => {
		for (const [typed, message] of [
			['529.982.247-26', PIX_KEY_MESSAGES.cpf],
			['11.222.333/0001-82', PIX_KEY_MESSAGES.cnpj],
			['(11) 3234-5678', PIX_KEY_MESSAGES.phone],
			['loja@', PIX_KEY_MESSAGES.email],
			['7d9f0335-8dcc-4054-9bf9-0dbd61d3690', PIX_KEY_MESSAGES.evp],
		] as const) {
			for (const via of ['data', 'bare'] as const) {
				const refused = await saveSettings({ pixKey: typed, storeName: 'Nome Que Não Fica' }, via)
				expect(refused.status, `${typed} ${via}`).toBe(400)
				expect(refused.body).toContain(message)
				expect(refused.toast).toBeNull()
			}
		}
		const page = await (await admin.get(SETTINGS)).text()
		expect(page).not.toContain('Nome Que Não Fica')
		expect((await nextPixOrder()).key).toBe('11144477735')
	})
})
