import { data } from 'react-router'
import { requireAdmin } from '~/server/auth/guards.server'
import { receiveProductCsvUpload } from '~/server/catalog-admin/import-upload.server'
import type { Route } from './+types/products-import-file'

/**
 * POST /admin/produtos/importar/arquivo (issue 28, decision 122): the product CSV as the raw
 * request body, streamed to the import stash, answered `{ ok, token, fileName }` as JSON for the
 * import page's progress bar; the page then asks /admin/produtos/importar to check that token.
 */
export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return data({ ok: false, title: 'Método não permitido', message: 'Envie o arquivo com POST.' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const { status, answer } = await receiveProductCsvUpload(request, admin.id)
	return data(answer, { status })
}
