// Regenerates the shop's own default home video and its still image (document 000 §4/§8:
// the hero falls back to a default video, then to a static image; the subscription promo
// to a default video). The files are committed under public/media/, so neither the build
// nor CI needs ffmpeg; run this only to change them:
//
//   node scripts/generate-home-media.mjs   (needs ffmpeg with libvpx-vp9 and libx264)
//
// The scene is drawn, not filmed: a soft wine-to-pink gradient in the brand colours with
// the logo's paw print drifting in small circles. Every motion is a whole number of turns
// per loop, so the last frame leads straight back into the first (a seamless loop).
import { spawn } from 'node:child_process'
import { mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const OUT_DIR = path.join(import.meta.dirname, '..', 'public', 'media')
const WIDTH = 960
const HEIGHT = 540
const FPS = 24
const SECONDS = 6
const FRAMES = FPS * SECONDS

// The logo's paw (public/favicon.svg), centred on 0,0 and about 34 units tall.
const PAW = `
	<ellipse cx="-11.5" cy="-7" rx="5" ry="6.5" transform="rotate(-18 -11.5 -7)"/>
	<ellipse cx="11.5" cy="-7" rx="5" ry="6.5" transform="rotate(18 11.5 -7)"/>
	<ellipse cx="-4.5" cy="-15.5" rx="4.6" ry="6.2" transform="rotate(-6 -4.5 -15.5)"/>
	<ellipse cx="4.5" cy="-15.5" rx="4.6" ry="6.2" transform="rotate(6 4.5 -15.5)"/>
	<path d="M0 -2c-7.5 0-14 8.6-14 14.2 0 4.4 3.6 6.2 7.2 6.2 2.7 0 4.3-1.3 6.8-1.3s4.1 1.3 6.8 1.3c3.6 0 7.2-1.8 7.2-6.2C14 6.6 7.5 -2 0 -2z"/>`

// A fixed seed: the same script always draws the same scene.
function mulberry32(seed) {
	let a = seed
	return () => {
		a = (a + 0x6d2b79f5) | 0
		let t = Math.imul(a ^ (a >>> 15), 1 | a)
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
}

const random = mulberry32(20_240_601)
// A loose grid with jitter, so the paws cover the frame without clumping.
const PAWS = []
for (let row = 0; row < 4; row++) {
	for (let col = 0; col < 6; col++) {
		PAWS.push({
			x: (col + 0.5) * (WIDTH / 6) + (random() - 0.5) * 90,
			y: (row + 0.5) * (HEIGHT / 4) + (random() - 0.5) * 70,
			scale: 1.1 + random() * 1.6,
			angle: (random() - 0.5) * 70,
			radius: 10 + random() * 18,
			phase: random() * Math.PI * 2,
			// Whole turns per loop (1 or -1): the seamless part.
			turns: random() < 0.5 ? 1 : -1,
			opacity: 0.08 + random() * 0.12,
		})
	}
}

function frameSvg(frame, width = WIDTH, height = HEIGHT) {
	const t = (frame / FRAMES) * Math.PI * 2
	// The glow circles the centre once per loop.
	const glowX = 50 + 18 * Math.cos(t)
	const glowY = 45 + 14 * Math.sin(t)
	const paws = PAWS.map((paw) => {
		const a = t * paw.turns + paw.phase
		const x = paw.x + paw.radius * Math.cos(a)
		const y = paw.y + paw.radius * Math.sin(a)
		const angle = paw.angle + 8 * Math.sin(a)
		return `<g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) rotate(${angle.toFixed(2)}) scale(${paw.scale.toFixed(3)})" fill-opacity="${paw.opacity.toFixed(3)}">${PAW}</g>`
	}).join('')
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="xMidYMid slice">
	<defs>
		<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
			<stop offset="0" stop-color="#4a0c29"/>
			<stop offset="0.55" stop-color="#831843"/>
			<stop offset="1" stop-color="#9d174d"/>
		</linearGradient>
		<radialGradient id="glow" cx="${glowX.toFixed(2)}%" cy="${glowY.toFixed(2)}%" r="55%">
			<stop offset="0" stop-color="#f472b6" stop-opacity="0.45"/>
			<stop offset="1" stop-color="#f472b6" stop-opacity="0"/>
		</radialGradient>
	</defs>
	<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
	<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
	<g fill="#fff">${paws}</g>
</svg>`
}

function run(command, args, feed) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { stdio: ['pipe', 'inherit', 'inherit'] })
		child.on('error', reject)
		child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} saiu com código ${code}`))))
		feed(child.stdin).then(
			() => child.stdin.end(),
			(error) => {
				child.kill()
				reject(error)
			},
		)
	})
}

async function writeFrames(stdin) {
	for (let frame = 0; frame < FRAMES; frame++) {
		const raw = await sharp(Buffer.from(frameSvg(frame))).removeAlpha().raw().toBuffer()
		if (!stdin.write(raw)) await new Promise((resolve) => stdin.once('drain', resolve))
	}
}

mkdirSync(OUT_DIR, { recursive: true })
const input = ['-y', '-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${WIDTH}x${HEIGHT}`, '-r', `${FPS}`, '-i', '-']
// Muted (no audio track), yuv420p for every player, faststart so the MP4 plays while loading.
await run(
	'ffmpeg',
	[
		...input,
		...['-an', '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuv420p', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-deadline', 'good', '-cpu-used', '2'],
		path.join(OUT_DIR, 'home-default.webm'),
		...['-an', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryslow', '-crf', '30', '-profile:v', 'main', '-movflags', '+faststart'],
		path.join(OUT_DIR, 'home-default.mp4'),
	],
	writeFrames,
)

// The still: the loop's first frame, so the swap from image to video is invisible.
const still = sharp(Buffer.from(frameSvg(0)))
await still.clone().webp({ quality: 72 }).toFile(path.join(OUT_DIR, 'home-poster.webp'))
// Link previews (og:image): JPEG, which every crawler reads, at the 1200 × 630 they ask for.
await sharp(Buffer.from(frameSvg(0, 1200, 630))).jpeg({ quality: 78, mozjpeg: true }).toFile(path.join(OUT_DIR, 'home-share.jpg'))

for (const name of ['home-default.webm', 'home-default.mp4', 'home-poster.webp', 'home-share.jpg']) {
	console.log(`${name}: ${Math.round(statSync(path.join(OUT_DIR, name)).size / 1024)} KB`)
}
