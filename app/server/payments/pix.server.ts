import QRCode from 'qrcode'
import { buildPixPayload, toPixTxid } from '~/commerce/rules/pix-brcode'
import type { StoreSettings } from '~/server/settings.server'

/**
 * PIX for one order (spec decision 5): a static BR Code for the store's key, merchant name and
 * city, the exact amount and the order reference as txid, plus its QR code drawn on the server
 * (a data: URL, so the page needs no client-side QR library). The order waits for payment until
 * the admin confirms it (or a provider reports it): a static code has no callback.
 */
export type PixCharge = { payload: string; qrCodeDataUrl: string }

export async function pixChargeFor(
	order: { reference: string; totalCents: number },
	settings: Pick<StoreSettings, 'pixKey' | 'pixMerchantName' | 'pixMerchantCity'>,
): Promise<PixCharge | null> {
	if (!settings.pixKey) return null
	const payload = buildPixPayload({
		key: settings.pixKey,
		merchantName: settings.pixMerchantName,
		merchantCity: settings.pixMerchantCity,
		amountCents: order.totalCents,
		txid: toPixTxid(order.reference),
	})
	// Error correction M and a quiet zone of 2 modules: what banking apps read reliably.
	const qrCodeDataUrl = await QRCode.toDataURL(payload, {
		errorCorrectionLevel: 'M',
		margin: 2,
		width: 256,
	})
	return { payload, qrCodeDataUrl }
}
