import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningServer, startAppServer } from '#tests/support/app-server'
import { CookieJar } from '#tests/support/cookie-jar'

/**
 * The second audit's upload abuse (issue 28, defect 5; decision 071) through HTTP against the
 * production server: 30 photos in 9 seconds gave 900 points and any account could fill the disk.
 * Now the photos of a shop day that earn points are capped (3 by default), an account has a
 * storage quota and an upload budget, which the personalization upload shares.
 *
 * Real JPEGs made by sharp: phone-size ones (3–4.6 MB) through the bare path, as a page without
 * JavaScript posts, and small ones through `/user/photos.data`, as the hydrated page's fetcher
 * posts. TRUST_PROXY=1 (the test is the one proxy) lets each browser send from its own IPv6
 * address with X-Forwarded-For. The embedded database: the rules do not depend on the engine
 * (their concurrency on PostgreSQL is tested in app/server/account/photos.server.test.ts).
 */

const QUOTA_MB = 6

let server: RunningServer

/** A camera-like JPEG: noise does not compress, so the size is a phone photo's. */
async function jpeg(width: number, height: number, quality: number): Promise<Uint8Array> {
	const pixels = randomBytes(width * height * 3)
	return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer())
}

/** The toast a response carries (its cookie is base64url JSON), without its random id. */
function toastOf(response: Response): Record<string, unknown> | null {
	const cookie = response.headers.getSetCookie().find((c) => c.startsWith('loja_toast=') && !c.startsWith('loja_toast=;'))
	if (!cookie) return null
	const { id: _id, ...toast } = JSON.parse(Buffer.from(cookie.split(';')[0]!.slice('loja_toast='.length), 'base64url').toString('utf8'))
	return toast
}

/** A cookie jar at one client address. */
class Browser {
	readonly jar = new CookieJar()
	constructor(readonly ip: string) {}

	async request(method: string, path: string, body?: FormData | URLSearchParams) {
		const response = await fetch(new URL(path, server.url), {
			method,
			redirect: 'manual',
			headers: { cookie: this.jar.header(), origin: server.url, 'x-forwarded-for': this.ip },
			body,
		})
		this.jar.remember(response)
		return response
	}

	async signUpAndIn(email: string) {
		const password = 'senha-da-cliente-123'
		await (await this.request('POST', '/auth', new URLSearchParams({ intent: 'signup', firstName: 'Cliente', email, password }))).body?.cancel()
		const signedIn = await this.request('POST', '/auth', new URLSearchParams({ intent: 'signin', email, password }))
		await signedIn.body?.cancel()
		expect(signedIn.headers.get('location')).toBe('/user/dashboard')
	}

	async sendPhoto(path: '/user/photos' | '/user/photos.data', bytes: Uint8Array, caption: string) {
		const form = new FormData()
		form.set('photo', new File([bytes as BlobPart], 'IMG_20250310_101500.jpg', { type: 'image/jpeg' }))
		form.set('caption', caption)
		const response = await this.request('POST', path, form)
		await response.arrayBuffer()
		return response
	}

	/** The total shown on the dashboard ('1.234' → 1234). */
	async points(): Promise<number> {
		const html = await (await this.request('GET', '/user/dashboard')).text()
		const shown = /data-testid="dashboard-pontos"[^>]*>([\d.]+)</.exec(html)?.[1]
		if (shown === undefined) throw new Error('pontos não encontrados no painel')
		return Number(shown.replace(/\./g, ''))
	}

	async photoCount(): Promise<number> {
		const html = await (await this.request('GET', '/user/photos')).text()
		return html.match(/data-testid="minha-foto"/g)?.length ?? 0
	}
}

describe('photo uploads: points per day, storage quota, upload budget', () => {
	let phonePhoto: Uint8Array
	let biggerPhoto: Uint8Array
	let smallPhoto: Uint8Array

	beforeAll(async () => {
		;[server, phonePhoto, biggerPhoto, smallPhoto] = await Promise.all([
			startAppServer({ SEED_DEMO: 'false', DATABASE_URL: 'pglite://memory', TRUST_PROXY: '1', UPLOAD_QUOTA_MB_PER_ACCOUNT: String(QUOTA_MB) }),
			jpeg(2400, 1800, 88),
			jpeg(2800, 2100, 90),
			jpeg(320, 240, 70),
		])
		expect(phonePhoto.byteLength).toBeGreaterThan(2.5 * 1024 * 1024)
		expect(phonePhoto.byteLength + biggerPhoto.byteLength).toBeGreaterThan(QUOTA_MB * 1024 * 1024)
		expect(biggerPhoto.byteLength).toBeLessThan(5 * 1024 * 1024)
		// Under the 64 KB that `.data` posts get until the body limits follow the route (issue 28, defect 1).
		expect(smallPhoto.byteLength).toBeLessThan(60 * 1024)
	}, 240_000)

	afterAll(async () => {
		await server?.stop()
	}, 60_000)

	test('3 photos a day earn points, the rest are kept without; the quota and the budget refuse in Portuguese', async () => {
		const ana = new Browser('2001:db8:a11:1::10')
		await ana.signUpAndIn('ana.luisa@exemplo.test')

		const first = await ana.sendPhoto('/user/photos', phonePhoto, 'Thor de bandana 🐶 na praia de Ubatuba')
		expect(first.status).toBe(200)
		expect(toastOf(first)).toEqual({ type: 'success', title: 'Foto enviada com sucesso! Aguarde aprovação.' })

		const more = []
		for (const caption of ['Thor no sofá', 'Thor e a Mel', 'Thor dormindo']) more.push(await ana.sendPhoto('/user/photos.data', smallPhoto, caption))
		expect(more.map((r) => r.status)).toEqual([200, 200, 200])
		expect(toastOf(more[1]!)).toEqual({ type: 'success', title: 'Foto enviada com sucesso! Aguarde aprovação.' })
		expect(toastOf(more[2]!)).toEqual({
			type: 'success',
			title: 'Foto enviada com sucesso! Aguarde aprovação.',
			description: 'Você já ganhou pontos por 3 fotos hoje; esta foto não soma pontos. Amanhã tem mais!',
		})
		expect(await ana.points()).toBe(3 * 30)

		// A 4.6 MB photo would take the account past its 6 MB.
		const overQuota = await ana.sendPhoto('/user/photos', biggerPhoto, 'Thor na neve')
		expect(overQuota.status).toBe(413)
		expect(toastOf(overQuota)).toMatchObject({ type: 'error', title: 'Erro ao enviar foto' })
		expect(String(toastOf(overQuota)?.description)).toMatch(
			/^Limite de armazenamento atingido: suas fotos já ocupam [\d,]+ MB dos 6 MB da sua conta\. Esta foto não foi enviada/,
		)
		expect(await ana.photoCount()).toBe(4)

		// The account's budget: 20 uploads per 10 minutes, refused ones included (5 so far).
		for (let i = 5; i < 20; i++) expect((await ana.sendPhoto('/user/photos.data', smallPhoto, `Foto ${i}`)).status).toBe(200)
		const refused = await ana.sendPhoto('/user/photos.data', smallPhoto, 'Mais uma')
		expect(refused.status).toBe(429)
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(toastOf(refused)).toMatchObject({
			type: 'error',
			description: 'Muitos arquivos enviados em pouco tempo. Aguarde alguns minutos e tente novamente.',
		})
		expect(await ana.photoCount()).toBe(19)
		expect(await ana.points()).toBe(3 * 30)

		// The personalization upload draws from the same account budget…
		const face = new FormData()
		face.set('prefix', 'rosto_pet')
		face.set('file', new File([smallPhoto as BlobPart], 'rosto do Thor.jpg', { type: 'image/jpeg' }))
		const personalization = await ana.request('POST', '/resources/personalizacao/arquivo', face)
		expect(personalization.status).toBe(429)
		expect(await personalization.json()).toEqual({ ok: false, error: 'Muitos arquivos enviados em pouco tempo. Aguarde alguns minutos e tente novamente.' })

		// …while another account at the same /64 has its own (the address's is 120 an hour).
		const bia = new Browser('2001:db8:a11:1::20')
		await bia.signUpAndIn('bia@exemplo.test')
		expect((await bia.sendPhoto('/user/photos.data', smallPhoto, 'Mel')).status).toBe(200)
		expect(await bia.points()).toBe(30)
	}, 120_000)
})
