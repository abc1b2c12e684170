/**
 * The txid of an order's charge (API Pix TxId: 26–35 letters and digits, chosen by the receiver,
 * unique per receiver). Derived from the order's id — its 32 hex digits — so that every attempt
 * to charge the same order names the same charge: a retried checkout, a second server or a
 * restart can never create a second charge for one order (decision 075). It is also stored on
 * the order (orders.pix_txid), which is what notifications are matched against.
 */
export const TXID_PATTERN = /^[A-Za-z0-9]{26,35}$/

export function txidForOrder(orderId: string): string {
	const hex = orderId.replace(/-/g, '').toLowerCase()
	if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`id de pedido inválido para txid: ${orderId}`)
	return hex
}

/** End-to-end ids (E2E: 32 letters and digits) and refund ids (1–35) as the API defines them. */
export const E2EID_PATTERN = /^[A-Za-z0-9]{32}$/
export const DEVOLUCAO_ID_PATTERN = /^[A-Za-z0-9]{1,35}$/
