import sharp from 'sharp'

/**
 * A photo as a phone writes it (issue 28): 4000 × 3000 pixels stored sideways with EXIF
 * orientation 6 (the camera held upright), JPEG at quality 95, with sensor-like noise so it
 * weighs what a real one does (about 8.8 MB), not the few KB of a flat test image.
 *
 * A red block sits in the stored pixels' top-left corner, 800 × 600: shown upright (turned a
 * quarter clockwise), it is in the top-right corner, 600 wide and 800 tall. A picture whose
 * orientation was lost or applied twice has it elsewhere.
 */
export const PHONE_PHOTO = { storedWidth: 4000, storedHeight: 3000, orientation: 6, red: { width: 800, height: 600 } } as const

export async function phonePhoto(): Promise<Buffer> {
	const { storedWidth: width, storedHeight: height, red } = PHONE_PHOTO
	const pixels = Buffer.alloc(width * height * 3)
	let seed = 12345
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const i = (y * width + x) * 3
			seed = (seed * 1103515245 + 12345) & 0x7fffffff
			const noise = (seed >> 16) % 64
			if (x < red.width && y < red.height) {
				pixels[i] = 230
				pixels[i + 1] = 20
				pixels[i + 2] = 20
			} else {
				pixels[i] = ((x * 255) / width + noise) & 255
				pixels[i + 1] = ((y * 255) / height + noise) & 255
				pixels[i + 2] = (128 + noise) & 255
			}
		}
	}
	return sharp(pixels, { raw: { width, height, channels: 3 } })
		.jpeg({ quality: 95 })
		.withMetadata({ orientation: PHONE_PHOTO.orientation })
		.toBuffer()
}

/** The mean red and green of a region of an image (0–255), to find the red block. */
export async function meanColour(image: Buffer, region: { left: number; top: number; width: number; height: number }) {
	// stats() reads its input, not the pipeline's result: cut the region out first.
	const stats = await sharp(await sharp(image).extract(region).toBuffer()).stats()
	return { red: stats.channels[0]?.mean ?? 0, green: stats.channels[1]?.mean ?? 0 }
}
