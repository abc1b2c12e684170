import { z } from 'zod'
import { lineAttributesSchema } from '~/commerce/rules/add-on-schemas'
import { userText } from './text-schema'

/**
 * What the one `/cart` action accepts (Hydrogen's CartForm pattern: one route, switching on
 * `intent`). Shared by the browser (which builds the form) and the server (which validates it).
 * The browser never sends a price: only variant ids, quantities and free-text attributes.
 */
export const CART_LINE_LIMIT = 100

export const cartLineInputSchema = z.object({
	variantId: userText().min(1, 'Produto inválido').max(100),
	quantity: z.coerce.number().int('Quantidade inválida').min(1, 'Quantidade inválida').max(999, 'Quantidade inválida'),
	/** Only the product page's known keys and limits (add-on-lines.ts); which line may carry which is checked by the cart. */
	attributes: lineAttributesSchema.optional(),
})

export type CartLineFormInput = z.infer<typeof cartLineInputSchema>

/** `lines` travels as a JSON string field of the form. */
const linesField = userText()
	.transform((text, ctx) => {
		try {
			return JSON.parse(text) as unknown
		} catch {
			ctx.addIssue({ code: 'custom', message: 'Itens inválidos' })
			return z.NEVER
		}
	})
	.pipe(z.array(cartLineInputSchema).min(1, 'Nenhum item para adicionar').max(CART_LINE_LIMIT))

export const cartActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('add'),
		lines: linesField,
		/** 'Comprar Agora' / 'Assinar': after adding, go straight to checkout. */
		checkout: z.enum(['1']).optional(),
	}),
	z.object({
		intent: z.literal('update'),
		lineId: userText().min(1).max(100),
		/** Any whole number ≤ 0 removes the line (document 000 §4), however negative: it arrives as 0. */
		quantity: z.coerce
			.number('Quantidade inválida')
			.max(999, 'Quantidade inválida')
			.refine(Number.isInteger, 'Quantidade inválida')
			.transform((quantity) => Math.max(quantity, 0)),
	}),
	z.object({ intent: z.literal('remove'), lineId: userText().min(1).max(100) }),
	z.object({ intent: z.literal('checkout') }),
])

export type CartActionInput = z.infer<typeof cartActionSchema>
