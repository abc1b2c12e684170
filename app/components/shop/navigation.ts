// The shop's navigation, one list used by the desktop header, the drawer and the footer,
// so a link is added or renamed in one place (document 000 §2 'Header', 'Home page' footer).

import { prefersReducedMotion } from '~/utils/reduced-motion'

export type NavLinkItem = { label: string; to: string }

/** Desktop header nav and the drawer, in the documents' order. */
export const MAIN_NAV: readonly NavLinkItem[] = [
	{ label: 'Produtos', to: '/#produtos' },
	{ label: 'Categorias', to: '/#categorias' },
	{ label: 'Crie sua bandana', to: '/personalize' },
	{ label: 'Assinaturas', to: '/assinaturas' },
	{ label: 'Atacado', to: '/atacado' },
]

/**
 * Footer 'Categorias'. The documents' footer uses the /{handle} form (bandanas, colares, box…);
 * the two bandana lines use /categoria/{handle}, which has no short form.
 */
export const FOOTER_CATEGORIES: readonly NavLinkItem[] = [
	{ label: 'Bandanas', to: '/bandanas' },
	{ label: 'Bandana Xadrez', to: '/categoria/bandana-xadrez' },
	{ label: 'Bandana Neutra', to: '/categoria/bandana-neutra' },
	{ label: 'Colares', to: '/colares' },
	{ label: 'Lacinhos', to: '/lacinhos' },
	{ label: 'Gravatas', to: '/gravatas' },
	{ label: 'Box de Produtos', to: '/box' },
]

export const FOOTER_SERVICES: readonly NavLinkItem[] = [
	{ label: 'Crie sua bandana', to: '/personalize' },
	{ label: 'Personalize colares', to: '/personalize-colares' },
	{ label: 'Atacado', to: '/atacado' },
	{ label: 'Assinaturas', to: '/assinaturas' },
]

/** Delay before smooth-scrolling to an in-page section of / (document 000 §9: 100 ms). */
const SECTION_SCROLL_DELAY_MS = 100

/**
 * For '/#section' links: after the navigation to / has rendered, scroll smoothly to the section.
 * React Router already jumps to the hash on navigation; this also covers a second click on the
 * same link (no navigation happens) and gives the documented smooth scroll.
 */
export function scrollToSectionSoon(to: string) {
	const hash = to.split('#')[1]
	if (!hash) return
	window.setTimeout(() => {
		// Glides unless the shopper asked for less motion (the page itself never glides: decision 150).
		document.getElementById(hash)?.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' })
	}, SECTION_SCROLL_DELAY_MS)
}

export function whatsappUrl(number: string): string {
	return `https://wa.me/${number.replace(/\D/g, '')}`
}

/** '5511999999999' → '(11) 99999-9999' for display; other shapes are shown as given. */
export function formatBrazilianPhone(number: string): string {
	const digits = number.replace(/\D/g, '')
	const national = digits.startsWith('55') && digits.length >= 12 ? digits.slice(2) : digits
	const match = /^(\d{2})(\d{4,5})(\d{4})$/.exec(national)
	return match ? `(${match[1]}) ${match[2]}-${match[3]}` : number
}
