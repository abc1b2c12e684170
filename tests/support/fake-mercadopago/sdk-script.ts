/**
 * A fake MercadoPago.js v2 (served by the fake at /js/v2 = MERCADOPAGO_SDK_URL), with the subset
 * the shop's checkout uses, as documented for Checkout Transparente with Secure Fields
 * (https://www.mercadopago.com.br/developers/pt/docs/checkout-api/integration-configuration/card/integrate-via-core-methods):
 * `new MercadoPago(publicKey, { locale })`, `mp.fields.create(type, { placeholder })` for
 * 'cardNumber', 'expirationDate', 'securityCode' with `.mount(containerId)`, `.on('binChange', cb)`
 * and `.unmount()`; `mp.fields.createCardToken({ cardholderName, identificationType,
 * identificationNumber })`; `mp.getInstallments({ amount, bin, paymentTypeId })`.
 *
 * The real SDK draws each secure field in an iframe of Mercado Pago's; this fake draws plain
 * inputs without a `name` (so no form ever submits them) and sends their values only to the fake's
 * own /v1/card_tokens, from the browser, as the real one does.
 */
export const FAKE_SDK_SCRIPT = String.raw`(() => {
	const script = document.currentScript
	const apiOrigin = new URL(script ? script.src : location.href).origin
	class Field {
		constructor(registry, type, options) {
			this.registry = registry; this.type = type; this.options = options || {}; this.handlers = {}; this.input = null; this.lastBin = ''
		}
		mount(containerId) {
			const container = document.getElementById(containerId)
			if (!container) throw new Error('MercadoPago.js: container ' + containerId + ' not found')
			const input = document.createElement('input')
			input.setAttribute('data-mp-field', this.type)
			input.setAttribute('autocomplete', 'off')
			input.setAttribute('inputmode', 'numeric')
			input.placeholder = this.options.placeholder || ''
			input.className = 'mp-fake-field'
			input.style.cssText = 'width:100%;border:0;outline:0;background:transparent;font:inherit'
			input.addEventListener('input', () => {
				if (this.type !== 'cardNumber') return
				const digits = input.value.replace(/\D/g, '')
				const bin = digits.length >= 8 ? digits.slice(0, 8) : ''
				if (bin !== this.lastBin) { this.lastBin = bin; this.emit('binChange', { bin: bin || undefined }) }
			})
			container.replaceChildren(input)
			this.input = input
			this.registry[this.type] = this
			this.emit('ready', {})
			return this
		}
		on(event, handler) { (this.handlers[event] = this.handlers[event] || []).push(handler); return this }
		emit(event, data) { for (const h of this.handlers[event] || []) h(data) }
		update() { return this }
		unmount() { if (this.input) this.input.remove(); delete this.registry[this.type]; return this }
		value() { return this.input ? this.input.value : '' }
	}
	class MercadoPago {
		constructor(publicKey, options) {
			if (!publicKey) throw new Error('MercadoPago.js: public key required')
			this.publicKey = publicKey; this.options = options || {}
			const registry = {}
			const self = this
			this.fields = {
				create(type, options) { return new Field(registry, type, options) },
				async createCardToken(data) {
					const number = (registry.cardNumber && registry.cardNumber.value() || '').replace(/\D/g, '')
					const expiry = (registry.expirationDate && registry.expirationDate.value() || '').replace(/\s/g, '')
					const cvv = (registry.securityCode && registry.securityCode.value() || '').replace(/\D/g, '')
					const m = /^(\d{2})\/(\d{2}|\d{4})$/.exec(expiry)
					if (number.length < 13 || !m || cvv.length < 3) throw [{ code: 'invalid_card', message: 'invalid card data' }]
					const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])
					const response = await fetch(apiOrigin + '/v1/card_tokens?public_key=' + encodeURIComponent(self.publicKey), {
						method: 'POST', headers: { 'Content-Type': 'application/json' },
						body: JSON.stringify({ card_number: number, security_code: cvv, expiration_month: Number(m[1]), expiration_year: year,
							cardholder: { name: data.cardholderName, identification: data.identificationNumber ? { type: data.identificationType || 'CPF', number: data.identificationNumber } : undefined } }),
					})
					if (!response.ok) throw [{ code: 'card_token_failed', message: 'HTTP ' + response.status }]
					return response.json()
				},
			}
		}
		async getInstallments(query) {
			const params = new URLSearchParams({ public_key: this.publicKey, amount: String(query.amount), bin: String(query.bin).slice(0, 8) })
			if (query.paymentTypeId) params.set('payment_type_id', query.paymentTypeId)
			const response = await fetch(apiOrigin + '/v1/payment_methods/installments?' + params.toString())
			if (!response.ok) throw new Error('installments HTTP ' + response.status)
			return response.json()
		}
	}
	window.MercadoPago = MercadoPago
})()`
