import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { userPhotos } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { getBucketStorage, parseUploadUrl } from '~/server/storage.server'
import { setClockForTests } from '~/server/clock.server'
import { DEFAULT_PHOTO_POINTS_PER_DAY } from '~/server/loyalty/point-values'
import { updateStoreSettings } from '~/server/settings.server'
import { UPLOAD_RATE_LIMITED_MESSAGE, UPLOAD_RATE_LIMITS } from '~/server/upload-budget.server'
import { approvePhoto, listPhotosForAdmin, photosOfUser, rejectPhoto, sendPhoto } from './photos.server'

withTestDatabase()
withDataDir()

let png: Uint8Array
beforeAll(async () => {
	png = new Uint8Array(
		await sharp({ create: { width: 6, height: 6, channels: 3, background: '#00aa88' } })
			.png()
			.toBuffer(),
	)
})

function upload(file: Blob | null, caption = '') {
	const form = new FormData()
	if (file) form.set('photo', file, 'foto.png')
	form.set('caption', caption)
	return new Request('http://loja.test/user/photos', { method: 'POST', body: form })
}

const IP = '203.0.113.30'

const pointsOf = async (userId: string) =>
	queryRows<{ action_type: string; points: number }>(
		sql`select action_type, points from points_history where user_id = ${userId}::uuid order by created_at, id`,
	)

test('a photo: sent (+30 once), pending for others, approved (+20 once even twice at once), the owner told by e-mail', async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	expect(await sendPhoto(upload(null), ana.id, IP)).toMatchObject({ status: 400, ok: false, message: 'Selecione uma foto' })
	expect(await sendPhoto(upload(new Blob([new TextEncoder().encode('não é imagem')])), ana.id, IP)).toMatchObject({ status: 400, ok: false })
	expect(await sendPhoto(upload(new Blob([new Uint8Array(png)], { type: 'image/png' }), 'Thor na praia'), ana.id, IP)).toEqual({
		status: 200,
		ok: true,
		message: 'Foto enviada com sucesso! Aguarde aprovação.',
		pointsAwarded: true,
		note: null,
	})
	const [photo] = await photosOfUser(ana.id)
	expect(photo).toMatchObject({ caption: 'Thor na praia', isApproved: false })
	expect(photo?.url).toMatch(new RegExp(`^/uploads/user-photos/${ana.id}/\\d+\\.png$`))
	expect(await photosOfUser(bia.id)).toEqual([])
	expect(await pointsOf(ana.id)).toEqual([{ action_type: 'photo_upload', points: 30 }])

	expect((await listPhotosForAdmin())[0]).toMatchObject({ id: photo!.id, isApproved: false })
	const [first, second] = await Promise.all([approvePhoto(photo!.id), approvePhoto(photo!.id)])
	expect([first, second]).toEqual([true, true])
	expect(await pointsOf(ana.id)).toEqual([
		{ action_type: 'photo_upload', points: 30 },
		{ action_type: 'photo_approved', points: 20 },
	])
	const mails = await queryRows<{ subject: string }>(
		sql`select subject from mail_outbox where "to" = (select email from users where id = ${ana.id}::uuid)`,
	)
	expect(mails.map((m) => m.subject)).toContain('Sua foto foi aprovada!')
	// An approved photo cannot be "rejected" afterwards.
	expect(await rejectPhoto(photo!.id)).toBe(false)
})

test('a rejected photo is deleted with its file', async () => {
	const cleo = await userWithSession()
	await sendPhoto(upload(new Blob([new Uint8Array(png)], { type: 'image/png' })), cleo.id, IP)
	const [photo] = await photosOfUser(cleo.id)
	const location = parseUploadUrl(photo!.url)!
	expect(await getBucketStorage(location.bucket).exists(location.key)).toBe(true)
	expect(await rejectPhoto(photo!.id)).toBe(true)
	expect(await db.select().from(userPhotos).where(eq(userPhotos.id, photo!.id))).toEqual([])
	expect(await getBucketStorage(location.bucket).exists(location.key)).toBe(false)
})

test('photo points are capped per shop day (spec README decision 25): the rest are received without points, also when sent at once', async () => {
	const dani = await userWithSession()
	const photo = () => upload(new Blob([new Uint8Array(png)], { type: 'image/png' }))
	// 23:30 in São Paulo (UTC-3): 02:30 UTC the next day, still the same shop day.
	setClockForTests(new Date('2025-03-10T02:30:00Z'))
	const results = await Promise.all([1, 2, 3, 4, 5].map(() => sendPhoto(photo(), dani.id, IP)))
	expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
	expect(results.filter((r) => r.ok && r.pointsAwarded)).toHaveLength(DEFAULT_PHOTO_POINTS_PER_DAY)
	expect(results.filter((r) => r.ok && !r.pointsAwarded).map((r) => r.ok && r.note)).toEqual([
		'Você já ganhou pontos por 3 fotos hoje; esta foto não soma pontos. Amanhã tem mais!',
		'Você já ganhou pontos por 3 fotos hoje; esta foto não soma pontos. Amanhã tem mais!',
	])
	expect(await photosOfUser(dani.id)).toHaveLength(5)
	expect((await pointsOf(dani.id)).map((r) => r.points)).toEqual([30, 30, 30])

	// Midnight in São Paulo: a new day, new places.
	setClockForTests(new Date('2025-03-10T03:00:00Z'))
	expect(await sendPhoto(photo(), dani.id, IP)).toMatchObject({ ok: true, pointsAwarded: true })
	expect((await pointsOf(dani.id)).map((r) => r.points)).toEqual([30, 30, 30, 30])

	// The owner's setting applies at once; 0 gives no photo points at all.
	await updateStoreSettings({ photoPointsPerDay: 0 })
	expect(await sendPhoto(photo(), dani.id, IP)).toMatchObject({ ok: true, pointsAwarded: false, note: 'Fotos enviadas não estão somando pontos no momento.' })
})

test('uploads past the account\'s budget are refused before the body is read (429, Retry-After)', async () => {
	const eva = await userWithSession()
	for (let i = 0; i < UPLOAD_RATE_LIMITS.account.limit; i++) {
		// Empty posts: the budget counts attempts, whatever they carry.
		expect(await sendPhoto(upload(null), eva.id, IP)).toMatchObject({ status: 400 })
	}
	const refused = await sendPhoto(upload(new Blob([new Uint8Array(png)], { type: 'image/png' })), eva.id, IP)
	expect(refused).toMatchObject({ status: 429, ok: false, message: UPLOAD_RATE_LIMITED_MESSAGE })
	expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0)
	expect(await photosOfUser(eva.id)).toEqual([])
})
