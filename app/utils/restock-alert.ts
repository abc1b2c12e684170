/**
 * 'Avise-me quando chegar' (issue 31, decision 120): the copy and the form's validation, shared by
 * the product page (client bundle) and POST /avise-me, which is why it lives outside *.server.ts.
 * No zod here: the schema (restock-alert-schema.ts) is the route's, and zod would add 14 KB to
 * every product page's first JavaScript (issue 34).
 */
export const RESTOCK_MESSAGES = {
	emailRequired: 'Informe seu e-mail.',
	invalidEmail: 'Informe um e-mail válido.',
	variant: 'Escolha a opção que você quer.',
	notFound: 'Este produto não está mais à venda.',
	available: 'Boa notícia: esta opção já está disponível. Atualize a página para comprar.',
	tooMany: 'Muitos pedidos de aviso. Tente novamente mais tarde.',
	method: 'Método não permitido.',
	failed: 'Não foi possível registrar o aviso agora. Tente novamente.',
} as const

/** The answer once the address is confirmed (a signed-in shopper's own, or after the link). */
export function restockConfirmedMessage(email: string): string {
	return `Pronto! Avisaremos ${email} assim que chegar.`
}

/** The answer to an anonymous address: the same whether or not it had asked before (no one learns who did). */
export function restockPendingMessage(email: string): string {
	return `Quase lá! Enviamos um link para ${email}: confirme por ele para receber o aviso.`
}

export type RestockAlertResponse = { ok: true; confirmed: boolean; message: string } | { ok: false; message: string; field?: 'email' | 'variantId' }
