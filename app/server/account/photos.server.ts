import { and, desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { userPhotos, users } from '~/db/schema'
import { type Executor, db, queryRows } from '~/server/db.server'
import { logger } from '~/server/logger.server'
import { type Actor, recordActivity } from '~/server/activity/record.server'
import { awardPointsOnce } from '~/server/loyalty/points.server'
import { awardPhotoSentPoints } from '~/server/account/photo-points.server'
import { photoQuotaBytes, photoQuotaMessage, storedPhotoBytes } from '~/server/account/photo-quota.server'
import { nowMs } from '~/server/clock.server'
import { consumeUploadBudget } from '~/server/upload-budget.server'
import { sendMail } from '~/server/mail.server'
import { publicUrl } from '~/server/env.server'
import { publish } from '~/server/events.server'
import { publishAccountChange } from '~/server/loyalty/account-events.server'
import { getStoreSettings } from '~/server/settings.server'
import { deleteUpload, parseUploadUrl, readMultipartForm, saveUpload } from '~/server/storage.server'
import { userText } from '~/utils/text-schema'

/**
 * 'Minhas Fotos' (document 001 §2) and their moderation (decision 12): a customer sends a photo
 * (points once, 30 by default), sees their own photos with Aprovada / Aguardando, and a photo is shown to
 * anyone else only once the admin approves it (20 by default, once); a rejected photo is deleted with its
 * file. The owner hears of either by e-mail.
 */

export const PHOTO_MESSAGES = {
	missing: 'Selecione uma foto',
	sent: 'Foto enviada com sucesso! Aguarde aprovação.',
	failed: 'Erro ao enviar foto',
	approved: 'Foto aprovada!',
	rejected: 'Foto reprovada e removida.',
	updateFailed: 'Erro ao atualizar foto',
	captionTooLong: 'A legenda deve ter no máximo 300 caracteres.',
} as const


export type PhotoView = { id: string; url: string; caption: string | null; isApproved: boolean; createdAt: string }

const captionSchema = userText()
	.trim()
	.max(300, PHOTO_MESSAGES.captionTooLong)
	.transform((v) => (v === '' ? null : v))

export type SendPhotoResult =
	| { status: 200; ok: true; message: string; pointsAwarded: boolean; note: string | null }
	| { status: 400 | 413 | 429; ok: false; message: string; retryAfterSeconds?: number }

/** Said with a photo received after the day's photos with points (spec README decision 25). */
export function dailyPhotoPointsNote(perDay: number): string {
	return perDay === 0
		? 'Fotos enviadas não estão somando pontos no momento.'
		: `Você já ganhou pontos por ${perDay} ${perDay === 1 ? 'foto' : 'fotos'} hoje; esta foto não soma pontos. Amanhã tem mais!`
}

/**
 * POST from /user/photos (multipart: `photo`, `caption`). In order (decision 071): the upload
 * budgets, before the body is read; the form; the account's storage quota; then the photo is
 * stored and earns its points if the day's photos with points are not used up.
 */
export async function sendPhoto(request: Request, userId: string, clientIp: string): Promise<SendPhotoResult> {
	const budget = await consumeUploadBudget({ userId, clientIp })
	if (!budget.allowed) return { status: 429, ok: false, message: budget.message, retryAfterSeconds: budget.retryAfterSeconds }
	const form = await readMultipartForm(request, { kind: 'image' })
	if (!form.ok) return { status: form.status, ok: false, message: form.message }
	const caption = captionSchema.safeParse(typeof form.formData.get('caption') === 'string' ? form.formData.get('caption') : '')
	if (!caption.success) return { status: 400, ok: false, message: caption.error.issues[0]?.message ?? PHOTO_MESSAGES.failed }
	const file = form.formData.get('photo')
	if (file instanceof Blob && file.size > 0) {
		const [used, quota] = [await storedPhotoBytes(userId), photoQuotaBytes()]
		if (used + file.size > quota) return { status: 413, ok: false, message: photoQuotaMessage(used, quota) }
	}
	const saved = await saveUpload({ file, kind: 'image', bucket: 'user-photos', userId })
	if (!saved.ok) {
		const message = saved.error.code === 'missing' ? PHOTO_MESSAGES.missing : saved.error.message
		return { status: saved.error.status, ok: false, message }
	}
	const { loyaltyPoints, photoPointsPerDay } = await getStoreSettings()
	const pointsAwarded = await db.transaction(async (tx) => {
		const [row] = await tx.insert(userPhotos).values({ userId, photoUrl: saved.upload.url, caption: caption.data }).returning({ id: userPhotos.id })
		if (!row) throw new Error('foto não registrada')
		return awardPhotoSentPoints(tx, { userId, points: loyaltyPoints.photoSent, perDay: photoPointsPerDay, now: nowMs() })
	})
	await publish('admin:photos', { type: 'created' }).catch(() => undefined)
	publishAccountChange(userId)
	return { status: 200, ok: true, message: PHOTO_MESSAGES.sent, pointsAwarded, note: pointsAwarded ? null : dailyPhotoPointsNote(photoPointsPerDay) }
}

export async function photosOfUser(userId: string): Promise<PhotoView[]> {
	const rows = await db
		.select()
		.from(userPhotos)
		.where(eq(userPhotos.userId, userId))
		.orderBy(desc(userPhotos.createdAt), desc(userPhotos.id))
		.limit(200)
	return rows.map((r) => ({
		id: r.id,
		url: r.photoUrl,
		caption: r.caption,
		isApproved: r.isApproved,
		createdAt: r.createdAt.toISOString(),
	}))
}

/** Who may see a user-photos file: anyone once approved; before that its owner and the admin. */
export async function photoVisibility(url: string, executor: Executor = db): Promise<{ approved: boolean; ownerId: string } | null> {
	const [row] = await executor
		.select({ approved: userPhotos.isApproved, ownerId: userPhotos.userId })
		.from(userPhotos)
		.where(eq(userPhotos.photoUrl, url))
		.limit(1)
	return row ?? null
}

// ---------------------------------------------------------------------------- moderation

export type AdminPhoto = PhotoView & { userEmail: string }

/** Pending first (oldest waiting longest first), then approved newest first. */
export async function listPhotosForAdmin(limit = 100): Promise<AdminPhoto[]> {
	const rows = await queryRows<{
		id: string
		photo_url: string
		caption: string | null
		is_approved: boolean
		created_at: string | Date
		email: string
	}>(sql`
		select p.id, p.photo_url, p.caption, p.is_approved, p.created_at, u.email
		from user_photos p join users u on u.id = p.user_id
		order by p.is_approved, case when p.is_approved then null else p.created_at end asc, p.created_at desc
		limit ${limit}`)
	return rows.map((r) => ({
		id: r.id,
		url: r.photo_url,
		caption: r.caption,
		isApproved: r.is_approved,
		createdAt: new Date(r.created_at).toISOString(),
		userEmail: r.email,
	}))
}

export const photoIdSchema = z.uuid()

async function notifyOwner(email: string, approved: boolean, points: number) {
	const base = publicUrl()
	const message = approved
		? {
				subject: 'Sua foto foi aprovada!',
				text: `Sua foto foi aprovada e já aparece na loja. ${points > 0 ? `Você ganhou ${points} pontos.` : ''}\n\nVeja suas fotos: ${base}/user/photos`,
			}
		: {
				subject: 'Sua foto não foi aprovada',
				text: `Sua foto não pôde ser publicada e foi removida. Envie outra quando quiser: ${base}/user/photos`,
			}
	await sendMail({ to: email, ...message }).catch((error: unknown) => logger.error({ error: String(error) }, 'aviso de foto não enviado'))
}

/** Approves a pending photo (the settings' photo points, once). Returns false for an unknown id. */
export async function approvePhoto(id: string, actor: Actor | null = null): Promise<boolean> {
	const points = (await getStoreSettings()).loyaltyPoints.photoApproved
	const approved = await db.transaction(async (tx) => {
		const [current] = await tx.select({ isApproved: userPhotos.isApproved }).from(userPhotos).where(eq(userPhotos.id, id)).for('update')
		if (!current) return null
		const [row] = await tx
			.update(userPhotos)
			.set({ isApproved: true })
			.where(eq(userPhotos.id, id))
			.returning({ userId: userPhotos.userId })
		if (!row) return null
		// Issue 30: the approval in the activity log, with the change.
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'photo',
			subject: { type: 'photo', id, label: 'Foto de cliente', userId: row.userId },
			before: { isApproved: current.isApproved },
			after: { isApproved: true },
		})
		const awarded = await awardPointsOnce(tx, {
			userId: row.userId,
			actionType: 'photo_approved',
			description: 'Foto aprovada',
			points,
			eventKey: `photo_approved:${id}`,
		})
		const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId))
		return { userId: row.userId, email: owner?.email ?? null, awarded }
	})
	if (approved === null) return false
	publishAccountChange(approved.userId)
	if (approved.email) await notifyOwner(approved.email, true, approved.awarded ? points : 0)
	await publish('admin:photos', { type: 'changed', id }).catch(() => undefined)
	return true
}

/** Rejects a photo: the row and its file are deleted (it was never public). */
export async function rejectPhoto(id: string, actor: Actor | null = null): Promise<boolean> {
	const row = await db.transaction(async (tx) => {
		const [deleted] = await tx
			.delete(userPhotos)
			.where(and(eq(userPhotos.id, id), eq(userPhotos.isApproved, false)))
			.returning({ url: userPhotos.photoUrl, userId: userPhotos.userId })
		if (!deleted) return null
		// Issue 30: the rejection (the photo is deleted) in the activity log, with the deletion.
		await recordActivity(tx, {
			actorId: actor?.actorId ?? null,
			ip: actor?.ip ?? null,
			kind: 'photo',
			subject: { type: 'photo', id, label: 'Foto de cliente', userId: deleted.userId },
			before: { isApproved: false },
			after: null,
		})
		return deleted
	})
	if (!row) return false
	const location = parseUploadUrl(row.url)
	if (location) await deleteUpload(location.bucket, location.key)
	const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId))
	if (owner) await notifyOwner(owner.email, false, 0)
	await publish('admin:photos', { type: 'changed', id }).catch(() => undefined)
	return true
}
