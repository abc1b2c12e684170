import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { phoneJpeg } from '#tests/fixtures/phone-photos'
import { userWithSession } from '#tests/fixtures/session-user'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { settleImageVariants } from '~/server/catalog-admin/product-images.server'
import { db, queryRows } from '~/server/db.server'
import { clearStoreSettingsCache, getStoreSettings } from '~/server/settings.server'
import { getBucketStorage, parseUploadUrl } from '~/server/storage.server'
import { STORE_LOGO_MESSAGES } from '~/server/store-logo.server'
import { responsiveImageProps } from '~/utils/responsive-image'
import { loader as uploadsLoader } from '../resources/uploads'
import { action as settingsAction } from './settings'
import { action, loader } from './settings-logo'

/**
 * Issue 30: the store's logo is a file sent from /admin/configuracoes, no longer a typed address.
 * Checked by its bytes, stored in the pictures bucket, set in the settings, in the activity log,
 * shown by the storefront's header at the width it needs; the admin's only.
 */

withTestDatabase()
withDataDir('loja-logo-')

let admin: { id: string; cookie: string }
let customer: { cookie: string }
/** A real phone photo's weight: 4 MB of JPEG that does not compress away. */
let photo: Buffer

beforeAll(async () => {
	admin = await userWithSession({ admin: true })
	customer = await userWithSession()
	photo = await phoneJpeg(4 * 1024 * 1024)
})

beforeEach(async () => {
	await db.execute(sql`delete from store_settings`)
	await db.execute(sql`delete from activity_log where kind = 'settings'`)
	clearStoreSettingsCache()
})

afterAll(() => settleImageVariants())

const context = { clientIp: '203.0.113.7', cspNonce: '' }

async function post(fields: Record<string, string | Blob>, cookie: string | null = admin.cookie) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	const request = new Request('http://loja.test/admin/configuracoes/logo', { method: 'POST', body: form, headers: cookie ? { cookie } : {} })
	try {
		return await action({ request, params: {}, context } as never)
	} catch (thrown) {
		return thrown
	}
}
const statusOf = (result: unknown) =>
	result instanceof Response ? result.status : ((result as { init?: ResponseInit | null })?.init?.status ?? 200)
const dataOf = (result: unknown) => (result as { data: { ok: boolean; message: string } }).data

async function stored(url: string) {
	const location = parseUploadUrl(url)
	if (!location) throw new Error(`não é um upload: ${url}`)
	return getBucketStorage(location.bucket).get(location.key)
}

async function settingsEntries() {
	return queryRows<{ actor_id: string; ip: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
		sql`select actor_id, host(ip) as ip, before, after from activity_log where kind = 'settings' order by seq`,
	)
}

describe('/admin/configuracoes/logo', () => {
	test('a 4 MB phone photo is stored, becomes the logo, is logged, and the header gets a small copy of it', async () => {
		expect(photo.byteLength).toBeGreaterThan(3.8 * 1024 * 1024)
		const answer = await post({ intent: 'upload', logo: new File([new Uint8Array(photo)], 'IMG_2041.JPG', { type: 'image/jpeg' }) })
		expect(statusOf(answer)).toBe(200)
		expect(dataOf(answer)).toEqual({ ok: true, message: STORE_LOGO_MESSAGES.uploaded })

		const { logoUrl } = await getStoreSettings()
		expect(logoUrl).toMatch(/^\/uploads\/product-images\/loja-logo\/\d+\.jpg$/)
		const object = await stored(logoUrl!)
		expect(object?.contentType).toBe('image/jpeg')
		expect(object?.size).toBe(photo.byteLength)

		const [entry] = await settingsEntries()
		expect(entry).toMatchObject({ actor_id: admin.id, ip: '203.0.113.7', before: { logoUrl: null }, after: { logoUrl } })

		// The header's <img> (components/shop/logo.tsx) asks for a resized copy, never the 4 MB original.
		const props = responsiveImageProps(logoUrl!, { sizes: '160px' })
		expect(props.srcSet).toContain(`${logoUrl}?w=320 320w`)
		const location = parseUploadUrl(logoUrl!)!
		const small = (await uploadsLoader({
			request: new Request(`http://loja.test${logoUrl}?w=320`, { headers: { accept: 'image/webp,*/*' } }),
			params: { bucket: location.bucket, '*': location.key },
			context,
		} as never)) as Response
		expect(small.status).toBe(200)
		expect(small.headers.get('content-type')).toBe('image/webp')
		expect((await sharp(new Uint8Array(await small.arrayBuffer())).metadata()).width).toBe(320)
	})

	test('a new logo replaces the old file; "Remover logo" clears the setting and deletes the file', async () => {
		const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer()
		await post({ intent: 'upload', logo: new File([new Uint8Array(photo)], 'foto.jpg') })
		const first = (await getStoreSettings()).logoUrl!
		expect(statusOf(await post({ intent: 'upload', logo: new File([new Uint8Array(png)], 'logo.png') }))).toBe(200)
		const second = (await getStoreSettings()).logoUrl!
		expect(second).toMatch(/^\/uploads\/product-images\/loja-logo\/\d+\.png$/)
		expect(await stored(first)).toBeNull()

		const removed = await post({ intent: 'remove' })
		expect(dataOf(removed)).toEqual({ ok: true, message: STORE_LOGO_MESSAGES.removed })
		expect((await getStoreSettings()).logoUrl).toBeNull()
		expect(await stored(second)).toBeNull()
		const entries = await settingsEntries()
		expect(entries.map((e) => [e.before.logoUrl, e.after.logoUrl])).toEqual([
			[null, first],
			[first, second],
			[second, null],
		])
	})

	test('refused in Portuguese, never a 500, nothing stored: not an image, a GIF, too large, no file', async () => {
		const logoFiles = async () => {
			const keys: string[] = []
			for await (const object of getBucketStorage('product-images').list()) if (object.key.startsWith('loja-logo/')) keys.push(object.key)
			return keys.sort()
		}
		const before = await logoFiles()
		const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
		const notImage = await post({ intent: 'upload', logo: new File([pdf], 'logo.png', { type: 'image/png' }) })
		expect(statusOf(notImage)).toBe(400)
		expect(dataOf(notImage)).toEqual({ ok: false, message: STORE_LOGO_MESSAGES.invalidType })
		const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).gif().toBuffer()
		expect(dataOf(await post({ intent: 'upload', logo: new File([new Uint8Array(gif)], 'logo.gif') })).message).toBe(STORE_LOGO_MESSAGES.invalidType)
		// Just over 5 MB of a real JPEG (within the request's room for the form around it).
		const big = new Uint8Array(5 * 1024 * 1024 + 100 * 1024)
		big.set(photo.subarray(0, big.length))
		const tooLarge = await post({ intent: 'upload', logo: new File([big], 'grande.jpg') })
		expect(statusOf(tooLarge)).toBe(413)
		expect(dataOf(tooLarge).message).toBe('Imagem muito grande. Máximo 5MB.')
		expect(dataOf(await post({ intent: 'upload' })).message).toBe(STORE_LOGO_MESSAGES.missing)
		expect(dataOf(await post({ intent: 'apagar-tudo' })).message).toBe(STORE_LOGO_MESSAGES.invalidIntent)
		expect((await getStoreSettings()).logoUrl).toBeNull()
		expect(await logoFiles()).toEqual(before)
		expect(await settingsEntries()).toEqual([])
	})

	test("the admin's only: anonymous visitors go to /auth, customers are denied, GET is 405", async () => {
		const anonymous = await post({ intent: 'upload', logo: new File([new Uint8Array(photo)], 'foto.jpg') }, null)
		expect(statusOf(anonymous)).toBe(302)
		expect((anonymous as Response).headers.get('location')).toMatch(/^\/auth/)
		const denied = await post({ intent: 'remove' }, customer.cookie)
		expect(statusOf(denied)).toBe(302)
		expect((denied as Response).headers.get('location')).toBe('/')
		expect((await getStoreSettings()).logoUrl).toBeNull()
		const get = await loader({ request: new Request('http://loja.test/admin/configuracoes/logo', { headers: { cookie: admin.cookie } }), params: {}, context } as never)
		expect(statusOf(get)).toBe(405)
	})

	test('saving the settings form (which has no logo field now) keeps the uploaded logo', async () => {
		await post({ intent: 'upload', logo: new File([new Uint8Array(photo)], 'foto.jpg') })
		const { logoUrl } = await getStoreSettings()
		const form = {
			storeName: 'Loja da Bia',
			contactEmail: 'contato@loja.test',
			whatsappNumber: '5511999999999',
			city: 'São Paulo',
			pixMerchantName: 'LOJA DA BIA',
			pixMerchantCity: 'SAO PAULO',
			freeShippingThreshold: '100,00',
			shippingRate: '19,90',
			giftThreshold: '100,00',
			pixPaymentWindowHours: '24',
		}
		const request = new Request('http://loja.test/admin/configuracoes', { method: 'POST', body: new URLSearchParams(form), headers: { cookie: admin.cookie } })
		const saved = await settingsAction({ request, params: {}, context } as never).catch((thrown: unknown) => thrown)
		expect(statusOf(saved)).toBe(302)
		expect(await getStoreSettings()).toMatchObject({ storeName: 'Loja da Bia', logoUrl })
	})
})
