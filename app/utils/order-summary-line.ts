/**
 * One line of a cart at checkout or of a placed order, ready to show: the checkout and the
 * order page build it on the server, the order summary component renders it.
 */
export type SummaryLine = {
	id: string
	title: string
	variantTitle: string
	options: string
	imageUrl: string | null
	quantity: number
	unitPriceCents: number
	totalCents: number
	isGift: boolean
	isSubscription: boolean
	unavailable?: boolean
}
