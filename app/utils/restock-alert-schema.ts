import { z } from 'zod'
import { launchEmailSchema } from './launch-notification'
import { RESTOCK_MESSAGES } from './restock-alert'

/** POST /avise-me's fields (decision 120); kept apart from the copy so the product page does not bundle zod. */
export const restockAlertSchema = z.object({
	email: launchEmailSchema,
	variantId: z.uuid(RESTOCK_MESSAGES.variant),
})
