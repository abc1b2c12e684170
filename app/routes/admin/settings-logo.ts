import { data } from 'react-router'
import { actorOf } from '~/server/activity/record.server'
import { requireAdmin } from '~/server/auth/guards.server'
import { STORE_LOGO_MESSAGES, applyStoreLogoForm } from '~/server/store-logo.server'
import { readMultipartForm } from '~/server/storage.server'
import { createToastHeaders } from '~/server/toast.server'
import type { Route } from './+types/settings-logo'

/**
 * POST /admin/configuracoes/logo (issue 30): the store's logo, sent from the settings page.
 * `upload` takes the file (`logo`), `remove` goes back to the store's name in text. Its own
 * route so that its body limit (a 5 MB picture, server/body-limit.ts) is not the settings form's.
 */

export type StoreLogoAnswer = { ok: boolean; message: string }

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return data({ ok: false, message: 'Use o formulário da página de configurações.' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const answer = (ok: boolean, message: string, status = ok ? 200 : 400) =>
		data<StoreLogoAnswer>({ ok, message }, { status, headers: createToastHeaders({ type: ok ? 'success' : 'error', title: message }) })
	const read = await readMultipartForm(request, { kind: 'image' })
	if (!read.ok) return answer(false, read.status === 413 ? STORE_LOGO_MESSAGES.tooLarge : read.message, read.status)
	const result = await applyStoreLogoForm(read.formData, actorOf(admin, context))
	return result.ok ? answer(true, result.message) : answer(false, result.message, result.status)
}
