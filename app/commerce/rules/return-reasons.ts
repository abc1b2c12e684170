/**
 * The withdrawal form's choices and limits (decision 117), shared by the schema, the server's
 * validation and the shopper's form (no server code here: the browser bundle imports it).
 */
export const RETURN_REASONS = ['desisti', 'tamanho', 'diferente', 'defeito', 'atraso', 'outro'] as const
export type ReturnReason = (typeof RETURN_REASONS)[number]

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
	desisti: 'Desisti da compra',
	tamanho: 'O tamanho não serviu',
	diferente: 'O produto é diferente do anunciado',
	defeito: 'O produto veio com defeito',
	atraso: 'A entrega atrasou',
	outro: 'Outro motivo',
}

/** The shopper's free text and the owner's message, in characters. */
export const RETURN_TEXT_MAX = 1000
export const RETURN_MESSAGE_MAX = 1000
