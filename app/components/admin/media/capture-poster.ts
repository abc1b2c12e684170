/**
 * A still frame of a video, taken in the browser (issue 11: the home page paints it before the
 * video plays). The server has no video decoder (no ffmpeg on the shop's machine); the admin's
 * browser already has one. Returns null when the frame cannot be read: a format the browser
 * cannot play, or another site's video without CORS (the canvas is then "tainted").
 */
const POSTER_MAX_WIDTH = 1280
const TIMEOUT_MS = 10_000

function once(target: HTMLVideoElement, event: string): Promise<void> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error('tempo esgotado')), TIMEOUT_MS)
		target.addEventListener(
			event,
			() => {
				clearTimeout(timer)
				resolve()
			},
			{ once: true },
		)
		target.addEventListener(
			'error',
			() => {
				clearTimeout(timer)
				reject(new Error('vídeo ilegível'))
			},
			{ once: true },
		)
	})
}

export async function capturePoster(src: string): Promise<Blob | null> {
	const video = document.createElement('video')
	video.muted = true
	video.playsInline = true
	video.preload = 'auto'
	if (/^https?:/i.test(src) && new URL(src).origin !== window.location.origin) video.crossOrigin = 'anonymous'
	try {
		const loaded = once(video, 'loadeddata')
		video.src = src
		await loaded
		// A little in, past a fade from black; never past the middle of a short clip.
		const seeked = once(video, 'seeked')
		video.currentTime = Number.isFinite(video.duration) && video.duration > 0 ? Math.min(1, video.duration / 2) : 0
		await seeked
		const scale = Math.min(1, POSTER_MAX_WIDTH / Math.max(1, video.videoWidth))
		const canvas = document.createElement('canvas')
		canvas.width = Math.max(1, Math.round(video.videoWidth * scale))
		canvas.height = Math.max(1, Math.round(video.videoHeight * scale))
		const context = canvas.getContext('2d')
		if (!context) return null
		context.drawImage(video, 0, 0, canvas.width, canvas.height)
		return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82))
	} catch {
		return null
	} finally {
		video.removeAttribute('src')
		video.load()
	}
}
