/**
 * One line of a cart at checkout or of a placed order, ready to show: the checkout and the
 * order page build it on the server, the order summary component renders it.
 */
export type SummaryLine = {
	id: string
	title: string
	variantTitle: string
	options: string
	/** What the shopper chose for this line ('Nome do pet: Thor • Fixação: Presilha'). */
	details?: string
	imageUrl: string | null
	quantity: number
	unitPriceCents: number
	totalCents: number
	isGift: boolean
	isSubscription: boolean
	unavailable?: boolean
	/** Issue 31: an add-on (extensor, embroidery, pendant), listed under its product. */
	isAddon?: boolean
}

/**
 * The shopper's choices on a line (pet name, fastening, which item an add-on is for), as the
 * admin's order page shows them: the customer sees on their order page and e-mails what they
 * chose (issue 13, defect 6).
 */
export function lineDetails(attributes: readonly { key: string; value: string }[] | null | undefined): string {
	return (attributes ?? [])
		// '_grupo' and any other hidden attribute are the shop's bookkeeping (line-groups.ts).
		.filter((attribute) => !attribute.key.startsWith('_') && attribute.value.trim() !== '')
		.map((attribute) => `${attribute.key}: ${attribute.value}`)
		.join(' • ')
}
