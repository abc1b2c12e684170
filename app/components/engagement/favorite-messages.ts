/**
 * Favourites copy (document 000 §5, §8; document 001 §8) and what POST /resources/favorites
 * answers. Shared by the heart button (client) and the route, hence outside *.server.ts.
 */
export const favoriteMessages = {
	loginTitle: 'Login necessário',
	loginDescription: 'Faça login para adicionar favoritos',
	addedTitle: 'Adicionado aos favoritos',
	added: (title: string) => `${title} foi adicionado`,
	removedTitle: 'Removido dos favoritos',
	removed: (title: string) => `${title} foi removido`,
	pointsTitle: (points: number) => `Você ganhou ${points} pontos!`,
	pointsDescription: 'Primeiro produto favoritado',
	errorTitle: 'Erro',
	errorDescription: 'Não foi possível atualizar seus favoritos',
	productNotFound: 'Produto não encontrado',
	rateLimited: 'Muitas alterações seguidas. Aguarde um instante e tente de novo.',
} as const

export type FavoriteActionResult =
	| { ok: true; productId: string; favorite: boolean; productTitle: string; pointsAwarded: number }
	| { ok: false; title: string; message: string }

export const FAVORITES_ENDPOINT = '/resources/favorites'
