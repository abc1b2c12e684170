import { z } from 'zod'

/**
 * Demo product pictures, drawn as SVG from a few validated parameters, so the demo
 * shop needs no image files and downloads nothing. Served by
 * app/routes/resources/demo-image.ts at /imagens/demo/:nome.
 */

export const DEMO_IMAGE_SIZE = 800

export const DEMO_SHAPES = [
	'bandana',
	'coleira',
	'laco',
	'gravata',
	'cachecol',
	'caixa',
	'frasco',
	'pingente',
	/** Pendants drawn as what they are (issue 13, defect 4): heart, bell, name tag. */
	'coracao',
	'sino',
	'plaquinha',
	'arte',
	'etiqueta',
] as const
export type DemoShape = (typeof DEMO_SHAPES)[number]

export const DEMO_PATTERNS = ['liso', 'xadrez', 'poa'] as const
export type DemoPattern = (typeof DEMO_PATTERNS)[number]

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'cor inválida')

/** The file name part of the URL: decorative (it names the picture), but still checked. */
export const demoImageNameSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*\.svg$/, 'nome de imagem inválido').max(120)

/** Every query parameter the drawing accepts; anything else is refused. */
export const demoImageParamsSchema = z
	.object({
		forma: z.enum(DEMO_SHAPES),
		cor: hex,
		/** Second colour of the pattern (checks or dots). */
		cor2: hex.optional(),
		padrao: z.enum(DEMO_PATTERNS).default('liso'),
		fundo: hex.optional(),
		/** 1 front, 2 turned, 3 close-up on a paw-print background. */
		vista: z.enum(['1', '2', '3']).default('1'),
	})
	.strict()
export type DemoImageParams = z.infer<typeof demoImageParamsSchema>
export type DemoImageInput = z.input<typeof demoImageParamsSchema>

/** Builds the URL of a demo picture (the seed stores these on product_images). */
export function demoImageUrl(name: string, params: DemoImageInput): string {
	const search = new URLSearchParams()
	search.set('forma', params.forma)
	search.set('cor', params.cor.toLowerCase())
	if (params.cor2) search.set('cor2', params.cor2.toLowerCase())
	if (params.padrao && params.padrao !== 'liso') search.set('padrao', params.padrao)
	if (params.fundo) search.set('fundo', params.fundo.toLowerCase())
	if (params.vista && params.vista !== '1') search.set('vista', params.vista)
	return `/imagens/demo/${name}.svg?${search.toString()}`
}

/** Parses a query string strictly: unknown or repeated parameters are errors. */
export function parseDemoImageQuery(search: URLSearchParams) {
	const keys = [...search.keys()]
	if (new Set(keys).size !== keys.length) {
		return { success: false as const, error: 'parâmetro repetido' }
	}
	const result = demoImageParamsSchema.safeParse(Object.fromEntries(search))
	if (!result.success) return { success: false as const, error: result.error.issues.map((i) => i.message).join('; ') }
	return { success: true as const, data: result.data }
}

type Rgb = [number, number, number]

function toRgb(color: string): Rgb {
	const n = Number.parseInt(color.slice(1), 16)
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function toHex([r, g, b]: Rgb): string {
	return `#${[r, g, b].map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`
}

/** Mixes a colour towards another: amount 0 keeps it, 1 gives the other. */
function mix(color: string, other: string, amount: number): string {
	const a = toRgb(color)
	const b = toRgb(other)
	return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount])
}

function luminance(color: string): number {
	const [r, g, b] = toRgb(color)
	return (0.299 * r + 0.587 * g + 0.114 * b) / 255
}

/** A second colour that shows on the first: light on dark, dark on light. */
function contrasting(color: string): string {
	return luminance(color) > 0.6 ? mix(color, '#000000', 0.55) : mix(color, '#ffffff', 0.75)
}

function patternDefs(params: DemoImageParams, main: string, second: string): string {
	const edge = mix(main, '#000000', 0.25)
	if (params.padrao === 'xadrez') {
		return `<pattern id="tecido" width="64" height="64" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="64" height="64" fill="${main}"/>
<rect width="32" height="64" fill="${second}" fill-opacity="0.55"/>
<rect width="64" height="32" fill="${second}" fill-opacity="0.55"/>
<rect x="14" width="4" height="64" fill="${edge}" fill-opacity="0.35"/>
<rect y="14" width="64" height="4" fill="${edge}" fill-opacity="0.35"/>
</pattern>`
	}
	if (params.padrao === 'poa') {
		return `<pattern id="tecido" width="60" height="60" patternUnits="userSpaceOnUse">
<rect width="60" height="60" fill="${main}"/>
<circle cx="15" cy="15" r="8" fill="${second}"/>
<circle cx="45" cy="45" r="8" fill="${second}"/>
</pattern>`
	}
	return `<linearGradient id="tecido" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${mix(main, '#ffffff', 0.12)}"/>
<stop offset="0.5" stop-color="${main}"/>
<stop offset="1" stop-color="${mix(main, '#000000', 0.1)}"/>
</linearGradient>`
}

const PAW = 'M0,-18 a9,11 0 1,1 0.1,0 Z M-22,-30 a6,8 0 1,1 0.1,0 Z M22,-30 a6,8 0 1,1 0.1,0 Z M-10,-44 a6,8 0 1,1 0.1,0 Z M10,-44 a6,8 0 1,1 0.1,0 Z'

function pawPrints(color: string): string {
	const spots: [number, number, number][] = [
		[110, 140, -20],
		[680, 120, 15],
		[90, 650, 10],
		[700, 680, -15],
		[400, 90, 0],
	]
	return spots
		.map(([x, y, r]) => `<path d="${PAW}" transform="translate(${x} ${y}) rotate(${r}) scale(1.4)" fill="${color}" fill-opacity="0.18"/>`)
		.join('')
}

/** Each shape is drawn around (400, 400) within roughly 560×560, filled with url(#tecido). */
function shape(forma: DemoShape, main: string, second: string): string {
	const ink = mix(main, '#000000', 0.35)
	const fabric = 'url(#tecido)'
	switch (forma) {
		case 'bandana':
			return `<path d="M150 270 Q400 300 650 270 L420 640 Q400 668 380 640 Z" fill="${fabric}" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>
<path d="M120 230 Q400 280 680 230 L672 290 Q400 340 128 290 Z" fill="${fabric}" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>
<path d="M128 260 L70 230 L84 300 Z M672 260 L730 230 L716 300 Z" fill="${fabric}" stroke="${ink}" stroke-width="5" stroke-linejoin="round"/>`
		case 'coleira':
			return `<circle cx="400" cy="400" r="210" fill="none" stroke="${ink}" stroke-width="78"/>
<circle cx="400" cy="400" r="210" fill="none" stroke="${fabric}" stroke-width="66"/>
<rect x="340" y="560" width="120" height="90" rx="14" fill="#d9d9d9" stroke="#8a8a8a" stroke-width="6"/>
<rect x="362" y="582" width="76" height="46" rx="8" fill="none" stroke="#8a8a8a" stroke-width="6"/>
<circle cx="400" cy="690" r="34" fill="none" stroke="#c9a227" stroke-width="10"/>`
		case 'laco':
			return `<path d="M400 400 C330 300 170 250 150 330 C130 410 150 500 400 400 Z" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<path d="M400 400 C470 300 630 250 650 330 C670 410 650 500 400 400 Z" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<path d="M380 420 L300 600 L350 580 L370 630 L400 430 Z M420 420 L500 600 L450 580 L430 630 L400 430 Z" fill="${fabric}" stroke="${ink}" stroke-width="5"/>
<rect x="362" y="360" width="76" height="84" rx="22" fill="${fabric}" stroke="${ink}" stroke-width="6"/>`
		case 'gravata':
			return `<path d="M400 400 L180 280 Q150 400 180 520 Z" fill="${fabric}" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>
<path d="M400 400 L620 280 Q650 400 620 520 Z" fill="${fabric}" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>
<rect x="350" y="345" width="100" height="110" rx="26" fill="${fabric}" stroke="${ink}" stroke-width="6"/>`
		case 'cachecol':
			return `<path d="M170 250 Q400 380 630 250 L640 330 Q400 470 160 330 Z" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<path d="M470 330 L560 660 L460 680 L400 370 Z" fill="${fabric}" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>
<path d="M470 684 v40 M490 680 v40 M510 676 v40 M530 672 v40 M550 668 v40" stroke="${ink}" stroke-width="6" stroke-linecap="round"/>`
		case 'caixa':
			return `<rect x="200" y="340" width="400" height="300" rx="12" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<rect x="180" y="270" width="440" height="90" rx="12" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<rect x="370" y="270" width="60" height="370" fill="${second}" stroke="${ink}" stroke-width="4"/>
<path d="M400 270 C340 170 250 200 290 260 Z M400 270 C460 170 550 200 510 260 Z" fill="${second}" stroke="${ink}" stroke-width="5"/>`
		case 'frasco':
			return `<rect x="360" y="150" width="80" height="70" rx="10" fill="${ink}"/>
<rect x="375" y="215" width="50" height="50" fill="${mix(main, '#ffffff', 0.5)}" stroke="${ink}" stroke-width="4"/>
<rect x="260" y="260" width="280" height="400" rx="60" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<rect x="290" y="390" width="220" height="150" rx="16" fill="#ffffff" fill-opacity="0.85"/>
<path d="${PAW}" transform="translate(400 490) scale(1.3)" fill="${ink}"/>`
		case 'pingente':
			return `<circle cx="400" cy="200" r="30" fill="none" stroke="#b8b8b8" stroke-width="10"/>
<path d="M300 330 a50 50 0 1 1 60 -40 h80 a50 50 0 1 1 60 40 a50 50 0 1 1 -60 40 h-80 a50 50 0 1 1 -60 -40 Z" transform="translate(0 120)" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<line x1="400" y1="230" x2="400" y2="400" stroke="#b8b8b8" stroke-width="8"/>`
		case 'coracao':
			return `<circle cx="400" cy="200" r="30" fill="none" stroke="#b8b8b8" stroke-width="10"/>
<line x1="400" y1="230" x2="400" y2="300" stroke="#b8b8b8" stroke-width="8"/>
<path d="M400 640 C300 560 190 480 190 380 C190 310 245 270 300 270 C350 270 385 300 400 340 C415 300 450 270 500 270 C555 270 610 310 610 380 C610 480 500 560 400 640 Z" fill="${fabric}" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>
<path d="M270 360 Q290 320 330 315" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="10" stroke-linecap="round"/>`
		case 'sino':
			return `<circle cx="400" cy="190" r="34" fill="none" stroke="${ink}" stroke-width="12"/>
<path d="M400 230 C310 230 265 300 260 400 C255 480 230 530 200 560 L600 560 C570 530 545 480 540 400 C535 300 490 230 400 230 Z" fill="${fabric}" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>
<rect x="190" y="550" width="420" height="34" rx="17" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<circle cx="400" cy="615" r="32" fill="${ink}"/>
<path d="M320 320 Q330 280 365 265" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="10" stroke-linecap="round"/>`
		case 'plaquinha':
			return `<circle cx="400" cy="200" r="30" fill="none" stroke="#b8b8b8" stroke-width="10"/>
<line x1="400" y1="230" x2="400" y2="290" stroke="#b8b8b8" stroke-width="8"/>
<rect x="220" y="290" width="360" height="220" rx="40" fill="${fabric}" stroke="${ink}" stroke-width="6"/>
<circle cx="400" cy="322" r="14" fill="#ffffff" stroke="${ink}" stroke-width="5"/>
<path d="M280 400 h240 M300 450 h200" stroke="${ink}" stroke-opacity="0.6" stroke-width="16" stroke-linecap="round"/>`
		case 'arte':
			return `<rect x="170" y="170" width="460" height="460" rx="18" fill="#ffffff" stroke="${ink}" stroke-width="14"/>
<rect x="210" y="210" width="380" height="380" rx="8" fill="${fabric}"/>
<path d="${PAW}" transform="translate(400 460) scale(3.2)" fill="${second}" stroke="${ink}" stroke-width="1.5"/>`
		case 'etiqueta':
			return `<path d="M220 260 L520 260 L640 400 L520 540 L220 540 Q190 540 190 510 L190 290 Q190 260 220 260 Z" fill="${fabric}" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>
<circle cx="540" cy="400" r="22" fill="#ffffff" stroke="${ink}" stroke-width="5"/>
<path d="M320 400 h120 M380 340 v120" stroke="${second}" stroke-width="28" stroke-linecap="round"/>`
	}
}

/** The SVG document for validated parameters. Only validated hex colours reach the markup. */
export function renderDemoImage(params: DemoImageParams): string {
	const main = params.cor.toLowerCase()
	const second = (params.cor2 ?? contrasting(main)).toLowerCase()
	const background = (params.fundo ?? mix(main, '#ffffff', 0.88)).toLowerCase()
	const transform =
		params.vista === '2' ? 'rotate(-12 400 400) translate(40 30) scale(0.9)' : params.vista === '3' ? 'translate(-80 -80) scale(1.2)' : ''
	const size = DEMO_IMAGE_SIZE
	return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img">
<defs>${patternDefs(params, main, second)}
<radialGradient id="luz" cx="0.5" cy="0.4" r="0.7"><stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${size}" height="${size}" fill="${background}"/>
<rect width="${size}" height="${size}" fill="url(#luz)"/>
${params.vista === '3' ? pawPrints(mix(main, '#000000', 0.3)) : ''}
<ellipse cx="400" cy="${params.vista === '2' ? 720 : 700}" rx="260" ry="26" fill="#000000" fill-opacity="0.08"/>
<g transform="${transform}">${shape(params.forma, main, second)}</g>
</svg>`
}
