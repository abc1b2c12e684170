import QRCode from 'qrcode'
import { buildPixPayload, toPixTxid } from '~/commerce/rules/pix-brcode'
import { getEnv } from '~/server/env.server'
import type { StoreSettings } from '~/server/settings.server'
import { apiPixChargeForOrder } from './api-pix/charges.server'
import { apiPixEnabled } from './api-pix/provider.server'

/**
 * PIX for one order (spec decision 5; issue 29). PIX_PROVIDER decides where the BR Code comes
 * from, and pages only ever see this shape:
 * - static (default): a static BR Code for the store's key, merchant name and city, the exact
 *   amount and the order reference as txid; the order waits until the admin confirms it.
 * - api-pix: the dynamic BR Code ('pixCopiaECola') of the order's charge at the PSP
 *   (api-pix/charges.server.ts), confirmed by the PSP's notification (decision 075).
 * The QR code is drawn on the server (a data: URL: no client-side QR library).
 */
export type PixCharge = { payload: string; qrCodeDataUrl: string; dynamic?: boolean }

export async function pixChargeFor(
	order: { reference: string; totalCents: number },
	settings: Pick<StoreSettings, 'pixKey' | 'pixMerchantName' | 'pixMerchantCity'>,
): Promise<PixCharge | null> {
	const payload = staticPixPayload(order, settings)
	return payload ? { payload, qrCodeDataUrl: await qrCodeOf(payload) } : null
}

/**
 * The BR Code of an order that waits for payment by PIX, whichever the provider; null without
 * a PIX key. On api-pix it may create the order's charge at the PSP (once per order, whoever asks).
 */
export async function pixChargeForOrder(
	order: { id: string; reference: string; totalCents: number },
	settings: Pick<StoreSettings, 'pixKey' | 'pixMerchantName' | 'pixMerchantCity' | 'pixPaymentWindowHours' | 'storeName'>,
): Promise<PixCharge | null> {
	if (!apiPixEnabled(getEnv())) return pixChargeFor(order, settings)
	const charge = await apiPixChargeForOrder(order.id, settings, () => staticPixPayload(order, settings))
	return charge ? { payload: charge.payload, qrCodeDataUrl: await qrCodeOf(charge.payload), dynamic: charge.dynamic } : null
}

function staticPixPayload(
	order: { reference: string; totalCents: number },
	settings: Pick<StoreSettings, 'pixKey' | 'pixMerchantName' | 'pixMerchantCity'>,
): string | null {
	if (!settings.pixKey) return null
	return buildPixPayload({
		key: settings.pixKey,
		merchantName: settings.pixMerchantName,
		merchantCity: settings.pixMerchantCity,
		amountCents: order.totalCents,
		txid: toPixTxid(order.reference),
	})
}

// Error correction M and a quiet zone of 2 modules: what banking apps read reliably.
function qrCodeOf(payload: string): Promise<string> {
	return QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 256 })
}
