/**
 * Records that a product was seen (document 000 §4: '2 seconds after a product is shown,
 * once per product per browser session'), for the home page's 'recently viewed'.
 *
 * Only the product id is sent: the server looks the title, image and price up itself and
 * decides whose view it is (the signed-in user, else this browser's visitor cookie).
 * sessionStorage remembers what this browser session already recorded, as the documents
 * did; leaving the page before the 2 seconds records nothing.
 */
export const RECORD_VIEW_DELAY_MS = 2000
export const VIEWS_ENDPOINT = '/resources/views'

export function viewedStorageKey(productId: string): string {
	return `loja:produto-visto:${productId}`
}

type ViewStorage = Pick<Storage, 'getItem' | 'setItem'>

export function sessionStore(): ViewStorage | null {
	try {
		return window.sessionStorage
	} catch {
		return null // storage blocked (privacy mode): record anyway, the server skips repeats
	}
}

function alreadyRecorded(storage: ViewStorage | null, productId: string): boolean {
	try {
		return storage?.getItem(viewedStorageKey(productId)) != null
	} catch {
		return false
	}
}

function markRecorded(storage: ViewStorage | null, productId: string) {
	try {
		storage?.setItem(viewedStorageKey(productId), '1')
	} catch {
		// storage full: at worst the view is recorded again next time
	}
}

/** Sends the view; a beacon survives the page being closed right after. */
export function sendProductView(productId: string) {
	const body = new URLSearchParams({ productId })
	if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(VIEWS_ENDPOINT, body)) return
	void fetch(VIEWS_ENDPOINT, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => {
		// a lost view is harmless: recently-viewed is a convenience
	})
}

/**
 * The hook's logic without React: after `delayMs`, records `productId` unless this browser
 * session already did. Returns the cancel function (the product left the screen).
 */
export function scheduleProductView(
	productId: string,
	environment: { storage: ViewStorage | null; send: (productId: string) => void; delayMs?: number },
): () => void {
	const { storage, send, delayMs = RECORD_VIEW_DELAY_MS } = environment
	if (!productId || alreadyRecorded(storage, productId)) return () => {}
	const timer = setTimeout(() => {
		if (alreadyRecorded(storage, productId)) return
		markRecorded(storage, productId)
		send(productId)
	}, delayMs)
	return () => clearTimeout(timer)
}
