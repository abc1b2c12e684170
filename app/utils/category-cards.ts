/*
 * The home page's category cards, on their own: the 404 page (in every storefront page's first
 * load) lists them, and the rest of home-sections.ts is the home page's (issue 34, decision 137).
 */

/**
 * document 000 §2 'Category cards', in order. Cards backed by a collection show its real
 * product count (decision 7); the service cards (personalization, wholesale) describe the service.
 */
export type CategoryCardConfig = {
	label: string
	href: string
	/** Collection whose real count is the subtitle; null for a fixed subtitle. */
	collectionHandle: string | null
	subtitle?: string
	/** 'planos' for subscriptions, 'produtos' otherwise. */
	noun?: 'produtos' | 'planos'
}

export const CATEGORY_CARDS: readonly CategoryCardConfig[] = [
	{ label: 'Bandanas', href: '/bandanas', collectionHandle: 'bandana' },
	{ label: 'Lacinhos', href: '/lacinhos', collectionHandle: 'lacinhos' },
	{ label: 'Crie sua bandana', href: '/personalize', collectionHandle: null, subtitle: 'Personalize do seu jeito' },
	{ label: 'Box', href: '/box', collectionHandle: 'shinebox' },
	{ label: 'Assinaturas', href: '/assinaturas', collectionHandle: 'assinatura', noun: 'planos' },
	{ label: 'Colar', href: '/colares', collectionHandle: 'colar' },
	{ label: 'Gravatas', href: '/gravatas', collectionHandle: 'gravatas' },
	{ label: 'Higiene', href: '/categoria/higiene', collectionHandle: 'higiene' },
	{
		label: 'Personalização de Colares',
		href: '/personalize-colares',
		collectionHandle: null,
		subtitle: 'Colares com o nome do seu pet',
	},
	{ label: 'Atacado', href: '/atacado', collectionHandle: null, subtitle: 'Para pet shops e revendedores' },
]
