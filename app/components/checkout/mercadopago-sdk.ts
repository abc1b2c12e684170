/**
 * The subset of MercadoPago.js v2 the checkout uses (issue 29, decision 079), as its Fields module
 * documents it (github.com/mercadopago/sdk-js, API/fields.md and API/core-methods.md):
 * `new MercadoPago(publicKey, { locale })`, `mp.fields.create(type, { placeholder })` with
 * `.mount(containerId)`, `.on('binChange', cb)` and `.unmount()`, `mp.fields.createCardToken(nonPCIData)`
 * and `mp.getInstallments({ amount, bin, paymentTypeId })`. The secure fields live in Mercado Pago's
 * frames: the card's number, expiry and CVV never enter this page's DOM, its forms or its requests.
 */
export type MercadoPagoField = {
	mount(containerId: string): MercadoPagoField
	on(event: 'binChange', callback: (event: { bin?: string | null }) => void): MercadoPagoField
	on(event: 'ready' | 'blur' | 'focus' | 'change' | 'validityChange' | 'error', callback: (event: unknown) => void): MercadoPagoField
	unmount(): unknown
}

export type MercadoPagoInstance = {
	fields: {
		create(type: 'cardNumber' | 'expirationDate' | 'securityCode', options?: { placeholder?: string; style?: Record<string, string> }): MercadoPagoField
		createCardToken(data: { cardholderName: string; identificationType?: string; identificationNumber?: string }): Promise<{ id: string } | undefined>
	}
	getInstallments(query: { amount: string; bin: string; paymentTypeId?: string }): Promise<unknown>
}

export type MercadoPagoConstructor = new (publicKey: string, options?: { locale?: string }) => MercadoPagoInstance

declare global {
	interface Window {
		MercadoPago?: MercadoPagoConstructor
	}
}

let loading: { url: string; promise: Promise<MercadoPagoConstructor> } | null = null

/**
 * Loads MERCADOPAGO_SDK_URL once per page. The script is inserted by the app's own (nonced) code,
 * which the CSP's 'strict-dynamic' trusts; it also carries the page's nonce, read from a script
 * the server rendered (browsers hide the attribute but keep the property).
 */
export function loadMercadoPagoSdk(url: string): Promise<MercadoPagoConstructor> {
	if (window.MercadoPago) return Promise.resolve(window.MercadoPago)
	if (loading?.url === url) return loading.promise
	const promise = new Promise<MercadoPagoConstructor>((resolve, reject) => {
		const script = document.createElement('script')
		script.src = url
		script.async = true
		const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
		if (nonce) script.nonce = nonce
		script.onload = () => (window.MercadoPago ? resolve(window.MercadoPago) : reject(new Error('MercadoPago.js sem MercadoPago')))
		script.onerror = () => {
			loading = null
			script.remove()
			reject(new Error('MercadoPago.js não carregou'))
		}
		document.head.appendChild(script)
	})
	loading = { url, promise }
	return promise
}
