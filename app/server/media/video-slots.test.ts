import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { heroVideo, subscriptionCtaVideo } from '~/db/schema'
import { setClockForTests } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { loadHomeVideos } from '~/server/home.server'
import { getBucketStorage } from '~/server/storage.server'
import { getToast } from '~/server/toast.server'
import { purgeUnsavedVideos } from './unsaved-videos.server'
import { loadVideoSlot, videoSlotAction, videoUploadAction } from './video-slot-page.server'

/**
 * The video pages' server side (issue 11; document 001 §4, §8): the streamed upload (type from
 * the bytes, 50 MB counted as it arrives, nothing left behind by a cut-off or refused body),
 * saving with its poster (one active row per slot), removing, and the clean-up of uploads that
 * were never saved.
 */

withTestDatabase()
withDataDir('loja-videos-')

let admin: { cookie: string }
let customer: { cookie: string }
let webm: Uint8Array<ArrayBuffer>
let poster: Uint8Array<ArrayBuffer>

beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
	webm = new Uint8Array(await readFile(path.resolve('public/media/home-default.webm')))
	poster = new Uint8Array(
		await sharp({ create: { width: 64, height: 36, channels: 3, background: '#831843' } })
			.jpeg()
			.toBuffer(),
	)
})

beforeEach(async () => {
	await db.execute(sql`truncate hero_video, subscription_cta_video, personalization_video`)
})

afterEach(() => setClockForTests(null))

const statusOf = (result: unknown) =>
	result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200)
const dataOf = <T>(result: unknown) => (result as { data: T }).data
/** The toast a response sets (getToast reads it back from the cookie, as the next page would). */
async function toastOf(result: unknown) {
	const headers = new Headers((result as { init?: ResponseInit | null })?.init?.headers)
	const cookie = (headers.get('set-cookie') ?? '').split(';')[0] ?? ''
	const { toast } = await getToast(new Request('http://loja.test/', { headers: { cookie } }))
	return toast ? `${toast.title} ${toast.description ?? ''}`.trim() : ''
}

async function settle<T>(run: () => Promise<T>): Promise<T | Response> {
	try {
		return await run()
	} catch (thrown) {
		if (thrown instanceof Response) return thrown
		throw thrown
	}
}

function uploadRequest(body: BodyInit | ReadableStream<Uint8Array>, cookie = admin.cookie, headers: Record<string, string> = {}) {
	return new Request('http://loja.test/admin/videos/banner/upload', {
		method: 'POST',
		body,
		headers: { cookie, ...headers },
		duplex: 'half',
	} as RequestInit)
}

function slotRequest(fields: Record<string, string | Blob>, cookie = admin.cookie) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return new Request('http://loja.test/admin/banner', { method: 'POST', body: form, headers: { cookie } })
}

async function storedKeys(): Promise<string[]> {
	const keys: string[] = []
	for await (const object of getBucketStorage('hero-videos').list()) keys.push(object.key)
	return keys.sort()
}

/** A body that yields `total` bytes (a WebM header, then zeros) in 1 MB chunks, or fails midway. */
function streamOf(total: number, options: { failAfter?: number } = {}): ReadableStream<Uint8Array> {
	let sent = 0
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			if (options.failAfter !== undefined && sent >= options.failAfter) return controller.error(new Error('conexão perdida'))
			if (sent >= total) return controller.close()
			const size = Math.min(1024 * 1024, total - sent)
			const chunk = new Uint8Array(size)
			if (sent === 0) chunk.set(webm.subarray(0, Math.min(size, webm.byteLength)))
			sent += size
			controller.enqueue(chunk)
		},
	})
}

describe('upload', () => {
	test('a WebM is stored under hero-{timestamp}.webm with its type read from the bytes', async () => {
		const result = await videoUploadAction(uploadRequest(webm, admin.cookie, { 'content-type': 'text/plain' }), 'banner')
		expect(statusOf(result)).toBe(200)
		const answer = dataOf<{ ok: true; url: string }>(result)
		expect(answer.url).toMatch(/^\/uploads\/hero-videos\/hero-\d+\.webm$/)
		const object = await getBucketStorage('hero-videos').get(answer.url.split('/').pop() ?? '')
		expect(object?.contentType).toBe('video/webm')
		expect(object?.size).toBe(webm.byteLength)
	})

	test('an image sent as a video is refused with the document’s words, and nothing is stored', async () => {
		const before = await storedKeys()
		const result = await videoUploadAction(uploadRequest(poster, admin.cookie, { 'content-type': 'video/mp4' }), 'subscription-cta')
		expect(statusOf(result)).toBe(400)
		expect(dataOf(result)).toEqual({ ok: false, title: 'Arquivo inválido', message: 'Por favor, selecione um arquivo de vídeo válido.' })
		expect(await storedKeys()).toEqual(before)
	})

	test('over 50 MB: refused by its declared length, and when streamed without one, cut at the limit with nothing left', async () => {
		const before = await storedKeys()
		const declared = await videoUploadAction(
			uploadRequest(webm, admin.cookie, { 'content-length': String(50 * 1024 * 1024 + 1) }),
			'banner',
		)
		expect(statusOf(declared)).toBe(413)
		const streamed = await videoUploadAction(uploadRequest(streamOf(51 * 1024 * 1024)), 'banner')
		expect(statusOf(streamed)).toBe(413)
		expect(dataOf(streamed)).toEqual({ ok: false, title: 'Arquivo muito grande', message: 'O vídeo deve ter no máximo 50MB.' })
		expect(await storedKeys()).toEqual(before)
	})

	test('a body that breaks off midway (cancelled upload) leaves nothing behind; the same file then goes up whole', async () => {
		const before = await storedKeys()
		const cut = await videoUploadAction(uploadRequest(streamOf(8 * 1024 * 1024, { failAfter: 3 * 1024 * 1024 })), 'personalization')
		expect(statusOf(cut)).toBe(400)
		expect(dataOf<{ message: string }>(cut).message).toBe('O envio foi interrompido. Tente novamente.')
		expect(await storedKeys()).toEqual(before)

		const whole = await videoUploadAction(uploadRequest(streamOf(8 * 1024 * 1024)), 'personalization')
		expect(statusOf(whole)).toBe(200)
		expect(dataOf<{ url: string }>(whole).url).toMatch(/\/personalization-\d+\.webm$/)
	})

	test('an empty body is "Nenhum arquivo selecionado"; an unknown slot is 404; a customer is turned away', async () => {
		expect(dataOf(await videoUploadAction(uploadRequest(new Uint8Array(0)), 'banner'))).toMatchObject({
			title: 'Nenhum arquivo selecionado',
		})
		expect(statusOf(await videoUploadAction(uploadRequest(webm), 'outro'))).toBe(404)
		const refused = await settle(() => videoUploadAction(uploadRequest(webm, customer.cookie), 'banner'))
		expect([302, 403]).toContain(statusOf(refused))
	})
})

describe('save and remove', () => {
	test('saving makes one active video with its poster; saving again deactivates the first; the home page follows', async () => {
		const first = dataOf<{ url: string }>(await videoUploadAction(uploadRequest(webm), 'banner')).url
		const saved = await videoSlotAction(
			slotRequest({ intent: 'save', videoUrl: first, poster: new Blob([poster], { type: 'image/jpeg' }) }),
			'banner',
		)
		expect(statusOf(saved)).toBe(200)
		expect(await toastOf(saved)).toBe('Vídeo enviado com sucesso! O novo vídeo já está ativo no banner.')
		const loaded = await loadVideoSlot(new Request('http://loja.test/admin/banner', { headers: { cookie: admin.cookie } }), 'banner')
		expect(loaded.video?.videoUrl).toBe(first)
		expect(loaded.video?.posterUrl).toMatch(/^\/uploads\/hero-videos\/hero-poster-\d+\.jpg$/)
		expect((await loadHomeVideos()).posters.hero).toBe(loaded.video?.posterUrl)

		await videoSlotAction(slotRequest({ intent: 'save', videoUrl: 'https://cdn.exemplo.com.br/banner.mp4' }), 'banner')
		const rows = await db.select().from(heroVideo)
		expect(rows.map((r) => [r.videoUrl, r.isActive]).sort()).toEqual([
			[first, false],
			['https://cdn.exemplo.com.br/banner.mp4', true],
		])
		expect((await loadHomeVideos()).hero).toBe('https://cdn.exemplo.com.br/banner.mp4')
		expect((await loadHomeVideos()).posters.hero).toBeNull()

		const removed = await videoSlotAction(slotRequest({ intent: 'remove' }), 'banner')
		expect(await toastOf(removed)).toBe('Vídeo removido')
		expect((await db.select().from(heroVideo)).every((r) => !r.isActive)).toBe(true)
		expect((await loadHomeVideos()).hero).toBeNull()
	})

	test('two saves at once: both succeed, exactly one video is active', async () => {
		await Promise.all([
			videoSlotAction(slotRequest({ intent: 'save', videoUrl: '/uploads/hero-videos/subscription-cta-1.mp4' }), 'subscription-cta'),
			videoSlotAction(slotRequest({ intent: 'save', videoUrl: '/uploads/hero-videos/subscription-cta-2.mp4' }), 'subscription-cta'),
		])
		const active = (await db.select().from(subscriptionCtaVideo)).filter((r) => r.isActive)
		expect(active).toHaveLength(1)
	})

	test('each page’s own words for a missing or bad address; nothing saved', async () => {
		const cta = await videoSlotAction(slotRequest({ intent: 'save', videoUrl: '  ' }), 'subscription-cta')
		expect(statusOf(cta)).toBe(400)
		expect(dataOf(cta)).toEqual({ ok: false, fieldError: 'Por favor, adicione uma URL de vídeo.' })
		const personalization = await videoSlotAction(slotRequest({ intent: 'save', videoUrl: '' }), 'personalization')
		expect(dataOf(personalization)).toEqual({ ok: false, fieldError: 'Por favor, insira uma URL de vídeo' })
		for (const bad of ['javascript:alert(1)', '//evil.example/v.mp4', 'data:video/mp4;base64,AAAA']) {
			const result = await videoSlotAction(slotRequest({ intent: 'save', videoUrl: bad }), 'personalization')
			expect(statusOf(result)).toBe(400)
			expect(dataOf(result)).toEqual({ ok: false, fieldError: 'Informe um endereço de vídeo válido (https://…).' })
		}
		expect(await db.select().from(subscriptionCtaVideo)).toEqual([])
	})

	test('a poster that is not an image is dropped; the video is saved without one', async () => {
		const result = await videoSlotAction(
			slotRequest({
				intent: 'save',
				videoUrl: '/uploads/hero-videos/hero-9.mp4',
				poster: new Blob(['<svg onload=alert(1)>'], { type: 'image/jpeg' }),
			}),
			'banner',
		)
		expect(statusOf(result)).toBe(200)
		const [row] = await db.select().from(heroVideo)
		expect(row?.posterUrl).toBeNull()
	})

	test('a customer cannot save or remove', async () => {
		const refused = await settle(() => videoSlotAction(slotRequest({ intent: 'remove' }, customer.cookie), 'banner'))
		expect([302, 403]).toContain(statusOf(refused))
	})
})

describe('clean-up', () => {
	test('uploads never saved are deleted after a day; saved ones (active or not) and recent ones stay', async () => {
		const saved = dataOf<{ url: string }>(await videoUploadAction(uploadRequest(webm), 'banner')).url
		const unsaved = dataOf<{ url: string }>(await videoUploadAction(uploadRequest(webm), 'subscription-cta')).url
		await videoSlotAction(slotRequest({ intent: 'save', videoUrl: saved }), 'banner')
		await videoSlotAction(slotRequest({ intent: 'remove' }), 'banner')

		expect(await purgeUnsavedVideos()).toBe(0)
		setClockForTests(new Date(Date.now() + 25 * 60 * 60 * 1000))
		await purgeUnsavedVideos()
		const keys = await storedKeys()
		expect(keys).toContain(saved.split('/').pop())
		expect(keys).not.toContain(unsaved.split('/').pop())
	})
})
