/** The tabs of 'Gerenciar Aria' (document 001 §2 names the first two; issue 12 adds the rest). */
export const ARIA_TABS = [
	['conhecimento', 'Base de Conhecimento'],
	['produtos', 'Produtos'],
	['racas', 'Raças e tamanhos'],
	['testar', 'Testar'],
	['conversas', 'Conversas'],
] as const

export type AriaTab = (typeof ARIA_TABS)[number][0]

export function isAriaTab(value: string | null): value is AriaTab {
	return ARIA_TABS.some(([id]) => id === value)
}
