import type { ProductAddonKey } from '~/commerce/rules/add-on-lines'

/*
 * The bandana extras' state, which the product page holds, apart from the block that draws them
 * (personalization-block.tsx): its code loads only for a product that offers them (decision 146).
 */

/** An extra the server found (by its fixed handle) and priced; the browser only shows the price. */
export type AddonOffer = { key: ProductAddonKey; priceCents: number }

export type ExtrasState = { extensor: boolean; perfume: boolean; petName: string; instagram: string }

export const NO_EXTRAS: ExtrasState = { extensor: false, perfume: false, petName: '', instagram: '' }
