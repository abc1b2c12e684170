import { data } from 'react-router'
import { z } from 'zod'
import { VIDEO_SLOT_COPY } from '~/components/admin/media/video-slot-copy'
import { requireAdmin } from '~/server/auth/guards.server'
import { logger } from '~/server/logger.server'
import { readMultipartForm, saveUpload } from '~/server/storage.server'
import { createToastHeaders } from '~/server/toast.server'
import {
	type ActiveVideo,
	SLOT_UPLOAD_PREFIX,
	type VideoSlot,
	getActiveVideo,
	removeVideo,
	saveVideo,
	videoAddressSchema,
} from './video-slots.server'
import { receiveVideoUpload } from './video-upload.server'

/**
 * Loader and actions of the three video pages (/admin/banner, /admin/subscription-cta-video,
 * /admin/personalization-video) and of their upload endpoint. The pages differ only in copy
 * (video-slot-copy.ts) and in whether a pasted address is offered.
 */

export type VideoSlotLoaderData = { video: ActiveVideo | null; loadFailed: boolean }

export async function loadVideoSlot(request: Request, slot: VideoSlot): Promise<VideoSlotLoaderData> {
	await requireAdmin(request)
	try {
		return { video: await getActiveVideo(slot), loadFailed: false }
	} catch (error) {
		// document 001 §8 'Erro ao carregar vídeo atual': the page still lets the admin send one.
		logger.error({ err: error, slot }, 'vídeo atual não carregado')
		return { video: null, loadFailed: true }
	}
}

export type VideoSlotActionData = { ok: true } | { ok: false; fieldError?: string }

const intentSchema = z.enum(['save', 'remove'])

export async function videoSlotAction(request: Request, slot: VideoSlot) {
	await requireAdmin(request)
	const copy = VIDEO_SLOT_COPY[slot]
	// Multipart: the address, and the poster frame the browser took from the video (≤ 5 MB).
	const read = await readMultipartForm(request, { kind: 'image' })
	if (!read.ok)
		return data<VideoSlotActionData>(
			{ ok: false },
			{ status: read.status, headers: createToastHeaders({ type: 'error', title: read.message }) },
		)
	const form = read.formData
	const intent = intentSchema.safeParse(form.get('intent'))
	if (!intent.success)
		return data<VideoSlotActionData>({ ok: false }, { status: 400, headers: createToastHeaders({ type: 'error', title: copy.saveError }) })

	if (intent.data === 'remove') {
		try {
			await removeVideo(slot)
		} catch (error) {
			logger.error({ err: error, slot }, 'vídeo não removido')
			return data<VideoSlotActionData>(
				{ ok: false },
				{ status: 500, headers: createToastHeaders({ type: 'error', title: copy.removeError }) },
			)
		}
		return data<VideoSlotActionData>({ ok: true }, { headers: createToastHeaders({ type: 'success', title: copy.removed }) })
	}

	const rawAddress = form.get('videoUrl')
	const address = typeof rawAddress === 'string' ? rawAddress.trim() : ''
	if (address === '') return data<VideoSlotActionData>({ ok: false, fieldError: copy.urlRequired }, { status: 400 })
	const parsed = videoAddressSchema.safeParse(address)
	if (!parsed.success) return data<VideoSlotActionData>({ ok: false, fieldError: parsed.error.issues[0]?.message }, { status: 400 })

	// The poster is optional: a video whose frame could not be taken (another site's address)
	// is saved without one, and a bad poster never blocks the video.
	let posterUrl: string | null = null
	const poster = form.get('poster')
	if (poster instanceof Blob && poster.size > 0) {
		const saved = await saveUpload({ file: poster, kind: 'image', bucket: 'hero-videos', prefix: SLOT_UPLOAD_PREFIX[slot], poster: true })
		if (saved.ok) posterUrl = saved.upload.url
		else logger.warn({ slot, code: saved.error.code }, 'quadro de capa do vídeo recusado')
	}
	try {
		await saveVideo(slot, { videoUrl: parsed.data, posterUrl })
	} catch (error) {
		logger.error({ err: error, slot }, 'vídeo não salvo')
		return data<VideoSlotActionData>({ ok: false }, { status: 500, headers: createToastHeaders({ type: 'error', title: copy.saveError }) })
	}
	return data<VideoSlotActionData>(
		{ ok: true },
		{ headers: createToastHeaders({ type: 'success', title: copy.saved.title, description: copy.saved.description }) },
	)
}

const slotParamSchema = z.enum(['banner', 'subscription-cta', 'personalization'])

export type VideoUploadAnswer = { ok: true; url: string } | { ok: false; title: string; message: string }

/** POST /admin/videos/:slot/upload: the raw video body, streamed to storage. */
export async function videoUploadAction(request: Request, slotParam: string | undefined) {
	await requireAdmin(request)
	const slot = slotParamSchema.safeParse(slotParam)
	if (!slot.success)
		return data<VideoUploadAnswer>({ ok: false, title: 'Página não encontrada', message: 'Espaço de vídeo desconhecido.' }, { status: 404 })
	const result = await receiveVideoUpload(request, SLOT_UPLOAD_PREFIX[slot.data])
	if (!result.ok)
		return data<VideoUploadAnswer>({ ok: false, title: result.error.title, message: result.error.message }, { status: result.error.status })
	return data<VideoUploadAnswer>({ ok: true, url: result.upload.url }, { headers: { 'Cache-Control': 'no-store' } })
}
