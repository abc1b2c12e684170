import sharp from 'sharp'
import { afterEach, expect, test } from 'vitest'
import { withDataDir } from '#tests/setup/with-data-dir'
import { withTestDatabase } from '#tests/setup/with-database'
import { personalizationOrders } from '~/db/schema'
import { setClockForTests } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { getBucketStorage, saveUpload } from '~/server/storage.server'
import { purgeUnorderedPersonalizationFiles } from './unordered-files.server'

withTestDatabase()
withDataDir()

afterEach(() => setClockForTests(null))

async function upload(prefix: 'rosto_pet' | 'atacado_logo') {
	const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
		.png()
		.toBuffer()
	const saved = await saveUpload({
		file: new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' }),
		kind: 'image',
		bucket: 'personalizacao-arquivos',
		prefix,
	})
	if (!saved.ok) throw new Error('upload falhou')
	return saved.upload
}

test('after a day, files no custom order names are deleted; named ones and recent ones stay', async () => {
	const orphan = await upload('rosto_pet')
	const ordered = await upload('atacado_logo')
	await db
		.insert(personalizationOrders)
		.values({ productType: 'bandana', wholesale: true, designFileUrl: ordered.url, totalPriceCents: 15000, quantity: 10 })
	const storage = getBucketStorage('personalizacao-arquivos')

	expect(await purgeUnorderedPersonalizationFiles()).toBe(0)
	expect(await storage.exists(orphan.key)).toBe(true)

	setClockForTests(Date.now() + 25 * 60 * 60 * 1000)
	await purgeUnorderedPersonalizationFiles()
	expect(await storage.exists(orphan.key)).toBe(false)
	expect(await storage.exists(ordered.key)).toBe(true)
})
