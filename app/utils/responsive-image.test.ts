import { describe, expect, it } from 'vitest'
import { IMAGE_WIDTHS, isImageWidth, isResizableImageUrl, responsiveImageProps, thumbnailUrl } from './responsive-image'

const SIZES = '(min-width: 768px) 33vw, 50vw'

describe('responsiveImageProps', () => {
	it('offers every width of a raster upload whose size is unknown; src is the largest copy, never the original', () => {
		expect(responsiveImageProps('/uploads/user-photos/u1/1700000000000.jpg', { sizes: SIZES })).toEqual({
			src: '/uploads/user-photos/u1/1700000000000.jpg?w=1280',
			srcSet: [
				'/uploads/user-photos/u1/1700000000000.jpg?w=160 160w',
				'/uploads/user-photos/u1/1700000000000.jpg?w=320 320w',
				'/uploads/user-photos/u1/1700000000000.jpg?w=480 480w',
				'/uploads/user-photos/u1/1700000000000.jpg?w=640 640w',
				'/uploads/user-photos/u1/1700000000000.jpg?w=960 960w',
				'/uploads/user-photos/u1/1700000000000.jpg?w=1280 1280w',
			].join(', '),
			sizes: SIZES,
		})
	})

	it('stops at the real width: the last candidate is the whole picture, never an enlargement', () => {
		const props = responsiveImageProps('/uploads/user-photos/u1/1.png', { sizes: SIZES, width: 700 })
		expect(props.srcSet).toBe(
			'/uploads/user-photos/u1/1.png?w=160 160w, /uploads/user-photos/u1/1.png?w=320 320w, ' +
				'/uploads/user-photos/u1/1.png?w=480 480w, /uploads/user-photos/u1/1.png?w=640 640w, ' +
				'/uploads/user-photos/u1/1.png?w=960 700w',
		)
		expect(responsiveImageProps('/uploads/user-photos/u1/1.webp', { sizes: SIZES, width: 320 }).srcSet).toBe(
			'/uploads/user-photos/u1/1.webp?w=160 160w, /uploads/user-photos/u1/1.webp?w=320 320w',
		)
		expect(responsiveImageProps('/uploads/user-photos/u1/1.webp', { sizes: SIZES, width: 90 }).srcSet).toBe(
			'/uploads/user-photos/u1/1.webp?w=160 90w',
		)
		expect(props.src).toBe('/uploads/user-photos/u1/1.png?w=960')
		// Wider than the largest variant: all six, each its own width.
		expect(responsiveImageProps('/uploads/user-photos/u1/1.jpeg', { sizes: SIZES, width: 4000 }).srcSet).toMatch(/\?w=1280 1280w$/)
	})

	it('leaves SVG, demo drawings, GIFs, videos and other sites alone (no srcSet, no sizes)', () => {
		for (const url of [
			'/imagens/demo/bandana.svg?forma=bandana&cor=rosa',
			'/logo-light.svg',
			'/uploads/user-photos/u1/1.gif',
			'/uploads/hero-videos/hero-1.mp4',
			'https://cdn.example.com/uploads/user-photos/u1/1.jpg',
			'//evil.example/uploads/user-photos/u1/1.jpg',
			'/uploads/user-photos/u1/1.jpg?w=320',
			'/uploads/user-photos/../../etc/x.jpg',
			'/img/floral.jpg',
		]) {
			expect(responsiveImageProps(url, { sizes: SIZES })).toEqual({ src: url })
		}
	})
})

describe('widths', () => {
	it('accepts only the listed widths', () => {
		expect(IMAGE_WIDTHS.every(isImageWidth)).toBe(true)
		for (const width of [0, 100, 321, 2000, -320, Number.NaN]) expect(isImageWidth(width)).toBe(false)
	})

	it('recognises raster uploads by their extension, case-insensitively', () => {
		expect(isResizableImageUrl('/uploads/user-photos/u1/1.JPG')).toBe(true)
		expect(isResizableImageUrl('/uploads/personalizacao-arquivos/rosto_pet_s1_1.png')).toBe(true)
		expect(isResizableImageUrl('/uploads/user-photos/u1/1.avif')).toBe(false)
	})
})

describe('thumbnailUrl', () => {
	it('picks the smallest stored width covering a 2× screen; leaves other addresses alone', () => {
		expect(thumbnailUrl('/uploads/product-images/p1/1.jpg', 80)).toBe('/uploads/product-images/p1/1.jpg?w=160')
		expect(thumbnailUrl('/uploads/product-images/p1/1.jpg', 200)).toBe('/uploads/product-images/p1/1.jpg?w=480')
		expect(thumbnailUrl('/uploads/product-images/p1/1.jpg', 5000)).toBe('/uploads/product-images/p1/1.jpg?w=1280')
		expect(thumbnailUrl('/imagens/demo/laco.svg', 80)).toBe('/imagens/demo/laco.svg')
	})
})
