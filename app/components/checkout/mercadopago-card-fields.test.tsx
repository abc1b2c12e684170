import { renderToString } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { MercadoPagoCardFields } from './mercadopago-card-fields'

/**
 * Mercado Pago's card section as the server renders it (decision 079): containers for the SDK's
 * secure fields, never an input that could carry a card number, expiry or CVV in the form.
 */
const html = renderToString(
	<MercadoPagoCardFields
		ref={null}
		config={{ publicKey: 'APP_USR-chave', sdkUrl: 'https://sdk.mercadopago.com/js/v2' }}
		totalCents={10_000}
		interestFreeUpTo={3}
		defaultInstallments={1}
	/>,
)

describe('MercadoPagoCardFields', () => {
	test('containers for the secure fields; the only named inputs are the token, the brand, the issuer and the count', () => {
		for (const type of ['cardNumber', 'expirationDate', 'securityCode']) expect(html).toContain(`data-mp-container="${type}"`)
		const names = [...html.matchAll(/name="([^"]+)"/g)].map((m) => m[1]).sort()
		expect(names).toEqual(['cardIssuerId', 'cardPaymentMethodId', 'cardToken', 'installments'])
		expect(html).not.toMatch(/autoComplete="cc-(number|exp|csc)"|autocomplete="cc-(number|exp|csc)"/)
	})

	test('never announced as a test; instalments wait for the card number', () => {
		expect(html).not.toContain('Ambiente de teste')
		expect(html).toContain('Pagamento processado com segurança pelo Mercado Pago')
		expect(html).toContain('Informe o número do cartão para ver as parcelas')
		expect(html).not.toContain('APP_USR-chave')
	})
})
