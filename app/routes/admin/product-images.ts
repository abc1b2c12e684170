import { data } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/server/auth/guards.server'
import { PRODUCT_IMAGE_MESSAGES, addProductImage } from '~/server/catalog-admin/product-images.server'
import { readMultipartForm } from '~/server/storage.server'
import { createToastHeaders } from '~/server/toast.server'
import type { Route } from './+types/product-images'

/**
 * POST /admin/produtos/:productId/imagens (issue 11): the product page's picture editor.
 * `upload` takes one file (the page sends a multiple choice one by one), stored at once. The
 * order, alt texts and removals are saved with the product by its one 'Salvar' (issue 30).
 */

export type ProductImagesAnswer = { ok: boolean; message: string }

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return data({ ok: false, message: 'Use o formulário da página do produto.' }, { status: 405, headers: { Allow: 'POST' } })
}

const intentSchema = z.enum(['upload'])

export async function action({ request, params }: Route.ActionArgs) {
	await requireAdmin(request)
	const answer = (ok: boolean, message: string, status = ok ? 200 : 400) =>
		data<ProductImagesAnswer>({ ok, message }, { status, headers: createToastHeaders({ type: ok ? 'success' : 'error', title: message }) })
	const productId = z.uuid().safeParse(params.productId)
	if (!productId.success) return answer(false, PRODUCT_IMAGE_MESSAGES.productNotFound, 404)
	const read = await readMultipartForm(request, { kind: 'image' })
	if (!read.ok) return answer(false, read.status === 413 ? PRODUCT_IMAGE_MESSAGES.tooLarge : read.message, read.status)
	const form = read.formData
	const intent = intentSchema.safeParse(form.get('intent'))
	if (!intent.success) return answer(false, 'Ação inválida.')
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}

	const result = await addProductImage({ productId: productId.data, file: form.get('image'), altText: text('alt') })
	return result.ok ? answer(true, PRODUCT_IMAGE_MESSAGES.added) : answer(false, result.message, result.status)
}
