/**
 * The personalization colours of document 001 §3, names exactly as listed there, with
 * hex codes chosen to look like the fabric. For checkered fabrics `second` is the other
 * colour of the pattern (used for the demo pictures; the table stores one hex code).
 */
export type DemoColour = { name: string; hex: string; pattern: boolean; second?: string }

const BLACK = '#1c1c1c'

export const BANDANA_COLOURS: readonly DemoColour[] = [
	{ name: 'Preto', hex: BLACK, pattern: false },
	{ name: 'Vermelho', hex: '#c0392b', pattern: false },
	{ name: 'Azul marinho', hex: '#1f2f5c', pattern: false },
	{ name: 'Azul claro', hex: '#7fb3e6', pattern: false },
	{ name: 'Pink', hex: '#e91e63', pattern: false },
	{ name: 'Rosa bebe', hex: '#f8bbd0', pattern: false },
	{ name: 'Verde claro', hex: '#a5d6a7', pattern: false },
	{ name: 'Verde escuro', hex: '#1b5e20', pattern: false },
	{ name: 'Laranja', hex: '#f57c00', pattern: false },
	{ name: 'Bege claro', hex: '#e8d8c3', pattern: false },
	{ name: 'Branco', hex: '#fafafa', pattern: false },
	{ name: 'Marrom', hex: '#6d4c41', pattern: false },
	{ name: 'Verde lima', hex: '#9ccc3c', pattern: false },
	{ name: 'Dourado veludo', hex: '#c9a227', pattern: false },
	{ name: 'Rosé veludo', hex: '#d8a7a7', pattern: false },
	{ name: 'Marrom veludo', hex: '#5d3a2e', pattern: false },
	{ name: 'Azul veludo', hex: '#2c4a9a', pattern: false },
	{ name: 'Xadrez Amarelo', hex: '#f4c430', pattern: true, second: '#fff3c4' },
	{ name: 'Xadrez Vermelho', hex: '#b22222', pattern: true, second: BLACK },
	{ name: 'Xadrez verde e preto', hex: '#2e7d32', pattern: true, second: BLACK },
	{ name: 'Xadrez preto e rosa', hex: BLACK, pattern: true, second: '#f48fb1' },
	{ name: 'Xadrez branco e preto', hex: '#fafafa', pattern: true, second: BLACK },
	{ name: 'Xadrez pink e preto', hex: '#e91e63', pattern: true, second: BLACK },
	{ name: 'Xadrez azul e preto', hex: '#1e4fa3', pattern: true, second: BLACK },
]

export const COLLAR_COLOURS: readonly DemoColour[] = [
	{ name: 'Vermelho', hex: '#c62828', pattern: false },
	{ name: 'Preto', hex: BLACK, pattern: false },
	{ name: 'Marrom', hex: '#6d4c41', pattern: false },
	{ name: 'Roxo', hex: '#6a1b9a', pattern: false },
	{ name: 'Pink', hex: '#e91e63', pattern: false },
	{ name: 'Rosa neon', hex: '#ff4fa3', pattern: false },
	{ name: 'Verde', hex: '#2e7d32', pattern: false },
	{ name: 'Azul bebe', hex: '#a7d3f2', pattern: false },
]

export function bandanaColour(name: string): DemoColour {
	const colour = BANDANA_COLOURS.find((c) => c.name === name)
	if (!colour) throw new Error(`cor de bandana desconhecida: ${name}`)
	return colour
}

export function collarColour(name: string): DemoColour {
	const colour = COLLAR_COLOURS.find((c) => c.name === name)
	if (!colour) throw new Error(`cor de colar desconhecida: ${name}`)
	return colour
}
