import { CheckIcon, CopyIcon } from '~/components/icons/lucide'
import { useId, useState } from 'react'
import { Button } from '~/components/ui/button'
import { formatMoney } from '~/utils/format'

/**
 * The PIX QR code (drawn on the server) and the 'copia e cola' field with a copy button,
 * shown while a PIX order waits for payment.
 */
export function PixPayment({ payload, qrCodeDataUrl, totalCents }: { payload: string; qrCodeDataUrl: string; totalCents: number }) {
	const fieldId = useId()
	const [copied, setCopied] = useState(false)
	async function copy() {
		try {
			await navigator.clipboard.writeText(payload)
		} catch {
			// No clipboard permission (http, old browser): select the text so Ctrl+C works.
			const field = document.getElementById(fieldId) as HTMLTextAreaElement | null
			field?.select()
		}
		setCopied(true)
		window.setTimeout(() => setCopied(false), 3000)
	}
	return (
		<section aria-labelledby={`${fieldId}-title`} className="flex flex-col items-center gap-4 rounded-lg border p-4 sm:p-6">
			<h2 id={`${fieldId}-title`} className="text-lg font-semibold">
				Pague com PIX
			</h2>
			<p className="text-center text-sm text-muted-foreground">
				Abra o app do seu banco, escolha pagar com PIX e escaneie o QR Code ou use o código copia e cola. Valor:{' '}
				<strong className="text-foreground">{formatMoney(totalCents)}</strong>
			</p>
			<img src={qrCodeDataUrl} alt="QR Code PIX para pagamento do pedido" width={256} height={256} className="rounded-md bg-white" />
			<div className="flex w-full flex-col gap-2">
				<label htmlFor={fieldId} className="text-sm font-medium">
					PIX copia e cola
				</label>
				<textarea
					id={fieldId}
					readOnly
					value={payload}
					rows={3}
					data-testid="pix-payload"
					className="w-full resize-none rounded-md border bg-muted/40 p-2 font-mono text-xs break-all"
					onFocus={(event) => event.currentTarget.select()}
				/>
				<Button type="button" variant="outline" onClick={copy}>
					{copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
					{copied ? 'Código copiado!' : 'Copiar código'}
				</Button>
				<p className="sr-only" aria-live="polite">
					{copied ? 'Código PIX copiado' : ''}
				</p>
			</div>
			<p className="text-center text-xs text-muted-foreground">
				O pedido fica como &lsquo;Aguardando pagamento&rsquo; até a loja confirmar o recebimento do PIX.
			</p>
		</section>
	)
}
