/**
 * Marks an order whose card was charged by the test provider (PAYMENT_MODE=test, decision 019):
 * no money moved, so neither the shopper nor the owner may take it for a real sale.
 */
export function TestPaymentBadge() {
	return (
		<span
			data-testid="test-payment-badge"
			title="Pago com o provedor de teste: nenhum valor foi cobrado."
			className="inline-flex whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100"
		>
			Teste
		</span>
	)
}
