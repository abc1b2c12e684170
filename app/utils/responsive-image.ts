/**
 * Responsive `<img>` attributes for pictures we store ourselves. A raster upload
 * (`/uploads/<bucket>/<key>.jpg|png|webp`) can be fetched at a smaller width with `?w=`
 * (app/routes/resources/uploads.ts resizes it once and keeps the result on disk), so the
 * browser gets a srcSet and picks the smallest picture that fills the slot. Anything else —
 * the demo drawings (SVG), SVG logos, videos, GIFs, other sites' URLs — is sent as it is:
 * a `sizes` without a srcSet does nothing, so none is returned either.
 *
 * Shared by the server (which widths to accept) and the components (which to offer).
 */

/** The only widths the server resizes to: a handful, so the disk cache stays small. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]

export function isImageWidth(value: number): value is ImageWidth {
	return (IMAGE_WIDTHS as readonly number[]).includes(value)
}

// Our upload URLs, root-relative, with no query or fragment. The extension is trustworthy:
// saveUpload names keys after the type read from the file's bytes, never the sender's name.
// Keys never contain '..' (isSafeKey); refusing it here keeps odd URLs out of the srcSet.
const RASTER_UPLOAD = /^\/uploads\/[a-z-]+\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(?:jpe?g|png|webp)$/i

/** True for a JPEG, PNG or WebP we store: the server can serve it at IMAGE_WIDTHS. */
export function isResizableImageUrl(url: string): boolean {
	return RASTER_UPLOAD.test(url) && !url.includes('..')
}

/** The URL of one width of a resizable upload. */
export function imageVariantUrl(url: string, width: ImageWidth): string {
	return `${url}?w=${width}`
}

export type ResponsiveImageProps = { src: string; srcSet?: string; sizes?: string }

/**
 * `src`, and for our raster uploads `srcSet` and `sizes`, to spread onto an `<img>`
 * (width, height, loading and priority stay with the caller).
 *
 * `width` is the picture's real width when known: widths above it are left out (the server
 * never enlarges), and the first allowed width at or above it stands for the whole picture.
 * Unknown: every width is offered, and the server answers the large ones with the original
 * size, which only makes the browser's choice a little generous.
 */
export function responsiveImageProps(url: string, options: { sizes: string; width?: number | null }): ResponsiveImageProps {
	if (!isResizableImageUrl(url)) return { src: url }
	const intrinsic = options.width && options.width > 0 ? Math.round(options.width) : null
	const candidates: string[] = []
	let largest: ImageWidth = IMAGE_WIDTHS[0]
	for (const width of IMAGE_WIDTHS) {
		largest = width
		if (intrinsic !== null && width >= intrinsic) {
			candidates.push(`${imageVariantUrl(url, width)} ${intrinsic}w`)
			break
		}
		candidates.push(`${imageVariantUrl(url, width)} ${width}w`)
	}
	// `src` is for browsers without srcSet support and for crawlers: the largest copy offered,
	// never the original, which may be a camera's several megabytes (issue 11).
	return { src: imageVariantUrl(url, largest), srcSet: candidates.join(', '), sizes: options.sizes }
}

/**
 * The address of a small picture shown at `cssWidth` pixels (cart lines, order summaries,
 * search results): for our raster uploads the smallest stored width covering it on a 2× screen,
 * else the address as it is.
 */
export function thumbnailUrl(url: string, cssWidth: number): string {
	if (!isResizableImageUrl(url)) return url
	const width = IMAGE_WIDTHS.find((w) => w >= cssWidth * 2) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]
	return imageVariantUrl(url, width as ImageWidth)
}
