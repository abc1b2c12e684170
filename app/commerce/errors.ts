/**
 * Commerce failures the shopper can be told about. `userMessage` is Portuguese and safe to
 * show as is; `message` is for logs. `status` is the HTTP status a route should answer with.
 */
export type CommerceErrorCode =
	| 'invalid_input'
	| 'cart_not_found'
	| 'cart_line_limit'
	| 'cart_empty'
	| 'line_not_found'
	| 'variant_not_found'
	| 'variant_unavailable'
	| 'insufficient_stock'
	| 'provider_error'

const STATUS: Record<CommerceErrorCode, number> = {
	invalid_input: 400,
	cart_not_found: 404,
	cart_line_limit: 409,
	cart_empty: 409,
	line_not_found: 404,
	variant_not_found: 404,
	variant_unavailable: 409,
	insufficient_stock: 409,
	provider_error: 502,
}

export class CommerceError extends Error {
	readonly code: CommerceErrorCode
	readonly userMessage: string
	readonly status: number

	constructor(code: CommerceErrorCode, userMessage: string, options?: { cause?: unknown; detail?: string }) {
		super(options?.detail ?? `${code}: ${userMessage}`, { cause: options?.cause })
		this.name = 'CommerceError'
		this.code = code
		this.userMessage = userMessage
		this.status = STATUS[code]
	}
}

export function isCommerceError(error: unknown): error is CommerceError {
	return error instanceof CommerceError
}

/** Portuguese copy used by every provider (document 000 §5 where it gives the words). */
export const COMMERCE_MESSAGES = {
	cartLineLimit: 'O carrinho atingiu o limite de 100 itens.',
	cartNotFound: 'Seu carrinho expirou. Adicione os produtos novamente.',
	cartEmpty: 'Seu carrinho está vazio',
	lineNotFound: 'Este item não está mais no carrinho.',
	productUnavailable: 'Este produto não está disponível no momento.',
	variantUnavailable: 'Esta variante não está disponível.',
	insufficientStock: (available: number) =>
		available === 1 ? 'Só temos 1 unidade desta variante em estoque.' : `Só temos ${available} unidades desta variante em estoque.`,
	invalidCursor: 'Página inválida. Volte ao início da lista.',
	invalidInput: 'Dados inválidos. Confira e tente novamente.',
	quantityTooLarge: (max: number) => `A quantidade máxima por item é ${max}.`,
	checkoutFailed: 'Não foi possível criar o checkout. Tente novamente.',
} as const
