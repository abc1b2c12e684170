import { useId } from 'react'
import { secondColour } from './swatch'

/**
 * A live drawing of the piece being built (issue 9, beyond the documents): the bandana or the
 * collar in the chosen colour or checkered fabric, the pet's name written on it as it is typed,
 * and the chosen art or uploaded face in place. Plain SVG: no library, scales to any width.
 */
export type PreviewColour = { name: string; hexCode: string; isPattern: boolean } | null

const NEUTRAL = '#e5e7eb'

function Fabric({ id, colour }: { id: string; colour: PreviewColour }) {
	if (!colour?.isPattern) return null
	const second = secondColour(colour.name, colour.hexCode)
	return (
		<pattern id={id} width="24" height="24" patternUnits="userSpaceOnUse">
			<rect width="24" height="24" fill={second} />
			<rect width="12" height="12" fill={colour.hexCode} />
			<rect x="12" y="12" width="12" height="12" fill={colour.hexCode} />
			<rect width="24" height="24" fill={colour.hexCode} opacity="0.35" />
		</pattern>
	)
}

/** Dark text on light fabric, light text on dark fabric. */
function inkFor(hex: string): string {
	const value = Number.parseInt(hex.slice(1), 16)
	const r = (value >> 16) & 255
	const g = (value >> 8) & 255
	const b = value & 255
	return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1f2937' : '#ffffff'
}

export function BandanaPreview({
	colour,
	petName,
	imageUrl,
	imageLabel,
	sideName,
}: {
	colour: PreviewColour
	petName?: string
	/** The ready-made art, the uploaded face, or a wholesale logo. */
	imageUrl?: string | null
	imageLabel?: string
	/** Wholesale: the custom side name. */
	sideName?: string
}) {
	const uid = useId().replace(/:/g, '')
	const fabricId = `tecido-${uid}`
	const clipId = `recorte-${uid}`
	const fill = colour ? (colour.isPattern ? `url(#${fabricId})` : colour.hexCode) : NEUTRAL
	const ink = inkFor(colour?.hexCode ?? NEUTRAL)
	const name = petName?.trim() ?? ''
	const description = [
		colour ? `Bandana ${colour.name}` : 'Bandana sem cor escolhida',
		name ? `com o nome ${name}` : null,
		imageUrl ? `e ${imageLabel ?? 'a imagem escolhida'}` : null,
		sideName?.trim() ? `nome lateral ${sideName.trim()}` : null,
	]
		.filter(Boolean)
		.join(' ')
	return (
		<svg
			viewBox="0 0 320 240"
			role="img"
			aria-label={`Prévia: ${description}`}
			className="h-auto w-full max-w-md"
			data-testid="previa-bandana"
		>
			<defs>
				<Fabric id={fabricId} colour={colour} />
				<clipPath id={clipId}>
					<circle cx="160" cy="118" r="34" />
				</clipPath>
			</defs>
			{/* the band around the neck */}
			<path d="M20 40 Q160 78 300 40 L300 62 Q160 100 20 62 Z" fill={fill} stroke="#00000033" strokeWidth="2" />
			{/* the triangle */}
			<path d="M34 60 Q160 98 286 60 L168 222 Q160 232 152 222 Z" fill={fill} stroke="#00000033" strokeWidth="2" />
			{sideName?.trim() ? (
				<text x="232" y="58" textAnchor="middle" fontSize="10" fontWeight="700" fill={ink} data-testid="previa-nome-lateral">
					{sideName.trim()}
				</text>
			) : null}
			{imageUrl ? (
				<>
					<circle cx="160" cy="118" r="36" fill="#ffffff" />
					<image href={imageUrl} x="126" y="84" width="68" height="68" preserveAspectRatio="xMidYMid slice" clipPath={`url(#${clipId})`} />
				</>
			) : null}
			{name ? (
				<text
					x="160"
					y={imageUrl ? 176 : 132}
					textAnchor="middle"
					fontSize={name.length > 12 ? 16 : 22}
					fontWeight="800"
					fontFamily="ui-rounded, system-ui, sans-serif"
					fill={ink}
					data-testid="previa-nome"
				>
					{name}
				</text>
			) : null}
		</svg>
	)
}

export function CollarPreview({
	colour,
	accessoryUrl,
	accessoryLabel,
}: {
	colour: PreviewColour
	accessoryUrl?: string | null
	accessoryLabel?: string
}) {
	const uid = useId().replace(/:/g, '')
	const fabricId = `tecido-${uid}`
	const clipId = `recorte-${uid}`
	const fill = colour ? (colour.isPattern ? `url(#${fabricId})` : colour.hexCode) : NEUTRAL
	const description = [
		colour ? `Colar ${colour.name}` : 'Colar sem cor escolhida',
		accessoryUrl ? `com ${accessoryLabel ?? 'o acessório'}` : null,
	]
		.filter(Boolean)
		.join(' ')
	return (
		<svg
			viewBox="0 0 320 220"
			role="img"
			aria-label={`Prévia: ${description}`}
			className="h-auto w-full max-w-md"
			data-testid="previa-colar"
		>
			<defs>
				<Fabric id={fabricId} colour={colour} />
				<clipPath id={clipId}>
					<circle cx="160" cy="172" r="28" />
				</clipPath>
			</defs>
			<ellipse cx="160" cy="100" rx="130" ry="70" fill="none" stroke={fill} strokeWidth="22" />
			<ellipse cx="160" cy="100" rx="130" ry="70" fill="none" stroke="#00000026" strokeWidth="1" />
			<rect x="30" y="88" width="18" height="24" rx="4" fill="#9ca3af" stroke="#4b5563" />
			<circle cx="160" cy="172" r="8" fill="none" stroke="#9ca3af" strokeWidth="4" transform="translate(0 -34)" />
			{accessoryUrl ? (
				<>
					<circle cx="160" cy="172" r="30" fill="#ffffff" stroke="#d1d5db" />
					<image
						href={accessoryUrl}
						x="132"
						y="144"
						width="56"
						height="56"
						preserveAspectRatio="xMidYMid slice"
						clipPath={`url(#${clipId})`}
					/>
				</>
			) : null}
		</svg>
	)
}
