/**
 * `npx tsx scripts/image-variant-sizes.ts [photo.jpg|png|webp]`: how many bytes each srcSet
 * width (app/server/images/variants.server.ts) sends compared with the original upload.
 * Without a file it makes a phone-sized photo (3000 × 2250, gradients plus fine texture,
 * JPEG quality 90). Variants go to a scratch DATA_DIR, so the shop's cache is untouched.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'

const dataDir = await mkdtemp(path.join(tmpdir(), 'loja-image-sizes-'))
process.env.DATA_DIR = dataDir
const { getBucketStorage } = await import('~/server/storage.server')
const { getImageVariant } = await import('~/server/images/variants.server')
const { IMAGE_WIDTHS } = await import('~/utils/responsive-image')

async function syntheticPhoto(): Promise<Uint8Array> {
	const [width, height] = [3000, 2250]
	const pixels = Buffer.alloc(width * height * 3)
	let seed = 1
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const i = (y * width + x) * 3
			seed = (seed * 1103515245 + 12345) & 0x7fffffff
			const noise = (seed % 121) - 60
			pixels[i] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(x / 300) + noise))
			pixels[i + 1] = Math.max(0, Math.min(255, 128 + 90 * Math.cos(y / 200) + noise))
			pixels[i + 2] = Math.max(0, Math.min(255, 128 + 80 * Math.sin((x + y) / 450) + noise))
		}
	}
	const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).blur(1.2).jpeg({ quality: 90 }).toBuffer()
	return new Uint8Array(jpeg)
}

try {
	const original = process.argv[2] ? new Uint8Array(await readFile(process.argv[2])) : await syntheticPhoto()
	const metadata = await sharp(original).metadata()
	const contentType = `image/${metadata.format === 'jpeg' ? 'jpeg' : metadata.format}`
	await getBucketStorage('user-photos').put('medida/1.img', original, contentType)
	const object = await getBucketStorage('user-photos').get('medida/1.img')
	if (!object) throw new Error('upload not stored')
	console.log(`original ${metadata.width}×${metadata.height} ${metadata.format}: ${original.byteLength} bytes`)
	for (const width of IMAGE_WIDTHS) {
		const started = performance.now()
		const variant = await getImageVariant('user-photos', object, width)
		const percent = ((100 * variant.size) / original.byteLength).toFixed(1)
		console.log(`?w=${width}: ${variant.size} bytes (${percent}%), made in ${Math.round(performance.now() - started)} ms`)
	}
} finally {
	await rm(dataDir, { recursive: true, force: true })
}
