import { data } from 'react-router'
import { requireAdmin } from '~/server/auth/guards.server'
import { videoUploadAction } from '~/server/media/video-slot-page.server'
import type { Route } from './+types/video-upload'

/**
 * POST /admin/videos/:slot/upload: a video as the raw request body, streamed to storage
 * (app/server/media/video-upload.server.ts); answers `{ ok, url }` as JSON for the page's
 * progress bar. Nothing is activated here: the page saves the address afterwards.
 */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return data({ ok: false, title: 'Método não permitido', message: 'Envie o vídeo com POST.' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, params }: Route.ActionArgs) {
	return videoUploadAction(request, params.slot)
}
