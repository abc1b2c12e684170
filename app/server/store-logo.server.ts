import sharp from 'sharp'
import { z } from 'zod'
import { type Actor } from '~/server/activity/record.server'
import { makeVariantsLater } from '~/server/catalog-admin/product-images.server'
import { db } from '~/server/db.server'
import { getStoreSettings, updateStoreSettings } from '~/server/settings.server'
import { UPLOAD_LIMITS, deleteUpload, parseUploadUrl, saveUpload } from '~/server/storage.server'
import { detectMediaType } from '~/server/storage/content-type.server'

/**
 * Issue 30: the store's logo is a file the owner sends from /admin/configuracoes (decision 133),
 * no longer an address typed by hand. It is checked by its bytes (JPEG, PNG or WebP, up to 5 MB:
 * the page shrinks a phone photo before sending, as the shoppers' uploads do, decision 073),
 * stored in the public pictures bucket under `loja-logo/` (as a collection's picture is under
 * `colecao-<id>/`), and settings.logoUrl points at it; the storefront's header asks for the
 * width it shows (responsiveImageProps). The change goes through updateStoreSettings, so it is
 * in the activity log as any other setting. The file replaced or removed is deleted.
 */

export const STORE_LOGO_MESSAGES = {
	uploaded: 'Logo atualizado!',
	removed: 'Logo removido. O topo da loja mostra o nome em texto.',
	missing: 'Selecione a imagem do logo.',
	invalidType: 'O logo deve ser uma imagem JPEG, PNG ou WebP.',
	tooLarge: 'Imagem muito grande. Máximo 5MB.',
	unreadable: 'Não foi possível ler esta imagem. Envie outro arquivo.',
	invalidIntent: 'Ação inválida.',
} as const

/** The folder of the logo's files in the pictures bucket (a `productId` of saveUpload's key shape). */
export const STORE_LOGO_FOLDER = 'loja-logo'
const LOGO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])
// A phone photo (12 to 50 megapixels) passes; a decompression bomb does not.
const MAX_INPUT_PIXELS = 50_000_000

/** The file of an upload request: present, within 5 MB, a JPEG, PNG or WebP by its bytes, and decodable. */
const logoFileSchema = z
	.instanceof(File, { error: STORE_LOGO_MESSAGES.missing })
	.refine((file) => file.size > 0, { error: STORE_LOGO_MESSAGES.missing, abort: true })
	.refine((file) => file.size <= UPLOAD_LIMITS.image, { error: STORE_LOGO_MESSAGES.tooLarge, abort: true })
	.transform(async (file, ctx) => {
		const bytes = new Uint8Array(await file.arrayBuffer())
		const detected = await detectMediaType(bytes)
		if (!detected || !LOGO_TYPES.has(detected.contentType)) {
			ctx.addIssue({ code: 'custom', message: STORE_LOGO_MESSAGES.invalidType })
			return z.NEVER
		}
		try {
			const metadata = await sharp(bytes, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS }).metadata()
			if (!metadata.width || !metadata.height) throw new Error('sem dimensões')
			return { file, width: metadata.width, height: metadata.height }
		} catch {
			ctx.addIssue({ code: 'custom', message: STORE_LOGO_MESSAGES.unreadable })
			return z.NEVER
		}
	})

export const storeLogoFormSchema = z.discriminatedUnion(
	'intent',
	[z.object({ intent: z.literal('upload'), logo: logoFileSchema }), z.object({ intent: z.literal('remove') })],
	{ error: STORE_LOGO_MESSAGES.invalidIntent },
)

export type StoreLogoResult = { ok: true; message: string; logoUrl: string | null } | { ok: false; status: 400 | 413; message: string }

/** Checks the posted form (`intent`, and `logo` for an upload) and applies it. Never throws on bad input. */
export async function applyStoreLogoForm(form: FormData, actor: Actor): Promise<StoreLogoResult> {
	const parsed = await storeLogoFormSchema.safeParseAsync({ intent: form.get('intent'), logo: form.get('logo') })
	if (!parsed.success) {
		const message = parsed.error.issues[0]?.message ?? STORE_LOGO_MESSAGES.invalidIntent
		return { ok: false, status: message === STORE_LOGO_MESSAGES.tooLarge ? 413 : 400, message }
	}
	if (parsed.data.intent === 'remove') {
		await replaceLogo(null, actor)
		return { ok: true, message: STORE_LOGO_MESSAGES.removed, logoUrl: null }
	}
	const { file, width } = parsed.data.logo
	const saved = await saveUpload({ file, kind: 'image', bucket: 'product-images', productId: STORE_LOGO_FOLDER })
	if (!saved.ok) return { ok: false, status: saved.error.status, message: saved.error.code === 'too_large' ? STORE_LOGO_MESSAGES.tooLarge : STORE_LOGO_MESSAGES.invalidType }
	try {
		await replaceLogo(saved.upload.url, actor)
	} catch (error) {
		await deleteUpload(saved.upload.bucket, saved.upload.key)
		throw error
	}
	makeVariantsLater(saved.upload.url, width)
	return { ok: true, message: STORE_LOGO_MESSAGES.uploaded, logoUrl: saved.upload.url }
}

/** Points settings.logoUrl at `url` (null: no logo) and deletes the previous file when it was one of ours. */
async function replaceLogo(url: string | null, actor: Actor): Promise<void> {
	const before = (await getStoreSettings()).logoUrl
	await updateStoreSettings({ logoUrl: url }, db, actor)
	if (before && before !== url) await deleteLogoFile(before)
}

/** Only a file this module stored: an address typed before (a product's picture, another site) is left alone. */
async function deleteLogoFile(url: string): Promise<void> {
	const location = parseUploadUrl(url)
	if (location?.bucket === 'product-images' && location.key.startsWith(`${STORE_LOGO_FOLDER}/`)) await deleteUpload(location.bucket, location.key)
}
