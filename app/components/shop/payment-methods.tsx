/**
 * 'Formas de pagamento' in the footer (issue 13): what the checkout takes, drawn as small
 * labelled marks rather than brand artwork (no logo files to license or keep in step).
 */
const METHODS = ['PIX', 'Visa', 'Mastercard', 'Elo', 'American Express', 'Hipercard'] as const

export function PaymentMethods() {
	return (
		<section aria-labelledby="formas-de-pagamento" className="flex flex-col items-center gap-2">
			<h2 id="formas-de-pagamento" className="text-xs font-semibold tracking-wide uppercase">
				Formas de pagamento
			</h2>
			<ul className="flex flex-wrap justify-center gap-1.5">
				{METHODS.map((method) => (
					<li key={method} className="rounded border bg-background px-2 py-0.5 text-xs font-semibold text-foreground">
						{method}
					</li>
				))}
			</ul>
		</section>
	)
}
