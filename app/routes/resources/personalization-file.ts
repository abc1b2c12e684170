import { data } from 'react-router'
import { getOptionalUser } from '~/server/auth/guards.server'
import { receivePersonalizationFile } from '~/server/personalization/files.server'
import type { Route } from './+types/personalization-file'

/**
 * POST /resources/personalizacao/arquivo: one personalization image (pet face, exclusive art,
 * wholesale logo or design), uploaded as soon as the shopper picks it (files.server.ts).
 * Answers the stored key and a preview URL only this browser (and the admin) may open.
 */
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return data({ ok: false, error: 'Método não permitido.' }, { status: 405 })
	const user = await getOptionalUser(request)
	const outcome = await receivePersonalizationFile(request, context.clientIp, user?.id ?? null)
	const headers = new Headers({ 'Cache-Control': 'no-store' })
	if (outcome.setCookie) headers.append('Set-Cookie', outcome.setCookie)
	return data(outcome.body, { status: outcome.status, headers })
}
