import type { CSSProperties } from 'react'

/**
 * How a colour option looks: a solid swatch, or a checkered ('Xadrez') one drawn with a CSS
 * gradient (no image). The name tells the second colour of the checks ('Xadrez preto e rosa');
 * when it names none, the checks alternate with white.
 */
const SECOND_COLOURS: Record<string, string> = {
	preto: '#111111',
	branco: '#ffffff',
	rosa: '#f9a8d4',
	pink: '#ec4899',
	vermelho: '#dc2626',
	verde: '#15803d',
	azul: '#1d4ed8',
	amarelo: '#facc15',
}

/** The checks' second colour for a pattern named like 'Xadrez verde e preto'. */
export function secondColour(name: string, hex: string): string {
	const words = name
		.toLowerCase()
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.split(/\s+/)
	const named = words.flatMap((w) => {
		const c = SECOND_COLOURS[w]
		return c && c.toLowerCase() !== hex.toLowerCase() ? [c] : []
	})
	return named.at(-1) ?? '#ffffff'
}

export function swatchStyle(option: { hexCode: string; isPattern: boolean; name: string }): CSSProperties {
	if (!option.isPattern) return { backgroundColor: option.hexCode }
	const second = secondColour(option.name, option.hexCode)
	return {
		backgroundColor: option.hexCode,
		backgroundImage: `repeating-conic-gradient(${option.hexCode} 0 25%, ${second} 0 50%)`,
		backgroundSize: '12px 12px',
	}
}
