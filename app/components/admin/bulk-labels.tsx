/**
 * 'Gerar etiquetas' on the orders list (issue 32, decision 115): what each order's label run
 * gave — the PDF to print, or why not, in Portuguese.
 */
export const BULK_LABELS_MAX = 20

export type LabelRunResult = { id: string; reference: string; ok: true; trackingCode: string; printUrl: string } | { id: string; reference: string; ok: false; message: string }

export function LabelResults({ results }: { results: readonly LabelRunResult[] }) {
	const done = results.filter((r) => r.ok).length
	return (
		<section aria-label="Resultado das etiquetas" className="mt-3 rounded-lg border p-3 text-sm">
			<p role="status" className="font-medium">
				{done === results.length ? `${done} de ${results.length} etiquetas geradas.` : `${done} de ${results.length} etiquetas geradas; veja os pedidos com problema abaixo.`}
			</p>
			<ul className="mt-2 grid gap-1">
				{results.map((result) => (
					<li key={result.id} data-testid="etiqueta-resultado">
						<span className="font-medium">{result.reference}</span>:{' '}
						{result.ok ? (
							<>
								enviado com o rastreio <span className="font-mono">{result.trackingCode}</span> —{' '}
								<a href={result.printUrl} target="_blank" rel="noreferrer" className="text-primary underline">
									imprimir etiqueta (PDF)
								</a>
							</>
						) : (
							<span className="text-destructive">{result.message}</span>
						)}
					</li>
				))}
			</ul>
		</section>
	)
}
