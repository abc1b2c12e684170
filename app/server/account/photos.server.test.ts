import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, expect, test } from 'vitest'
import { userWithSession } from '#tests/fixtures/session-user'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { userPhotos } from '~/db/schema'
import { db, queryRows } from '~/server/db.server'
import { getBucketStorage, parseUploadUrl } from '~/server/storage.server'
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

const pointsOf = async (userId: string) =>
	queryRows<{ action_type: string; points: number }>(
		sql`select action_type, points from points_history where user_id = ${userId}::uuid order by created_at, id`,
	)

test('a photo: sent (+30 once), pending for others, approved (+20 once even twice at once), the owner told by e-mail', async () => {
	const ana = await userWithSession()
	const bia = await userWithSession()
	expect(await sendPhoto(upload(null), ana.id)).toMatchObject({ status: 400, ok: false, message: 'Selecione uma foto' })
	expect(await sendPhoto(upload(new Blob([new TextEncoder().encode('não é imagem')])), ana.id)).toMatchObject({ status: 400, ok: false })
	expect(await sendPhoto(upload(new Blob([new Uint8Array(png)], { type: 'image/png' }), 'Thor na praia'), ana.id)).toEqual({
		status: 200,
		ok: true,
		message: 'Foto enviada com sucesso! Aguarde aprovação.',
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
	await sendPhoto(upload(new Blob([new Uint8Array(png)], { type: 'image/png' })), cleo.id)
	const [photo] = await photosOfUser(cleo.id)
	const location = parseUploadUrl(photo!.url)!
	expect(await getBucketStorage(location.bucket).exists(location.key)).toBe(true)
	expect(await rejectPhoto(photo!.id)).toBe(true)
	expect(await db.select().from(userPhotos).where(eq(userPhotos.id, photo!.id))).toEqual([])
	expect(await getBucketStorage(location.bucket).exists(location.key)).toBe(false)
})
