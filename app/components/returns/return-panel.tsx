import { Undo2Icon } from '~/components/icons/lucide'
import { useId } from 'react'
import { Link, useFetcher } from 'react-router'
import { RETURN_REASONS, RETURN_REASON_LABELS, RETURN_TEXT_MAX } from '~/commerce/rules/return-reasons'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { cn } from '~/utils/cn'

/**
 * The shopper's 'Desistir da compra' (issue 31, decision 117) on the order page and on each card
 * of /user/orders: the window and the form, or the sentence that replaces the button (personalised
 * pieces, window over) with the policy's link, and the request's state once asked. The form posts
 * to the page's own action (intent 'return-request'), which validates everything again.
 */
export type ReturnPanelView = {
	policyPath: string
	canAsk: boolean
	windowText: string | null
	partialText: string | null
	blockedText: string | null
	request: { status: 'aberto' | 'aprovado' | 'recusado'; title: string; lines: string[] } | null
}

export type ReturnActionData = { returnRequest: { ok: boolean; message: string } }

export function ReturnPanel({ view, reference, compact = false }: { view: ReturnPanelView; reference: string; compact?: boolean }) {
	const fetcher = useFetcher<ReturnActionData>()
	const id = useId()
	const busy = fetcher.state !== 'idle'
	const result = fetcher.data?.returnRequest ?? null
	const error = result && !result.ok ? result.message : null
	const headingId = `${id}-titulo`
	const Heading = compact ? 'h4' : 'h2'
	const policyLink = (
		<Link to={view.policyPath} className="font-medium text-primary underline underline-offset-4">
			Política de trocas e devoluções
		</Link>
	)
	return (
		<section
			className={cn('flex flex-col gap-3 text-sm', compact ? 'border-t pt-3' : 'rounded-lg border p-4')}
			aria-labelledby={headingId}
			data-testid="desistencia"
		>
			{/* In a card of /user/orders the order's own title is an h3. */}
			<Heading id={headingId} className={cn('flex items-center gap-2 font-semibold', compact ? 'text-base' : 'text-lg')}>
				<Undo2Icon className="size-4 shrink-0" aria-hidden="true" />
				Desistir da compra
			</Heading>
			{view.request ? (
				<div
					className={cn(
						'flex flex-col gap-1 rounded-md p-3',
						view.request.status === 'aprovado'
							? 'bg-green-50 text-green-900 dark:bg-green-950/60 dark:text-green-100'
							: view.request.status === 'recusado'
								? 'bg-muted'
								: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100',
					)}
					role="status"
					data-testid="desistencia-status"
					data-status={view.request.status}
				>
					<p className="font-semibold">{view.request.title}</p>
					{view.request.lines.map((line) => (
						<p key={line} className="[overflow-wrap:anywhere] whitespace-pre-line">
							{line}
						</p>
					))}
				</div>
			) : null}
			{view.blockedText ? (
				<p data-testid="desistencia-bloqueada">
					{view.blockedText} Veja a {policyLink}.
				</p>
			) : null}
			{view.canAsk ? (
				<>
					<p>
						{view.windowText ? `${view.windowText} ` : ''}Veja como funciona na {policyLink}.
					</p>
					{view.partialText ? <p data-testid="desistencia-parcial">{view.partialText}</p> : null}
					<details className="group rounded-md border" open={compact ? undefined : Boolean(error)}>
						<summary className="cursor-pointer list-none px-3 py-2 font-medium marker:hidden [&::-webkit-details-marker]:hidden">
							<span className="underline underline-offset-4">Quero desistir da compra</span>
						</summary>
						<fetcher.Form method="post" className="flex flex-col gap-3 border-t p-3" noValidate>
							<input type="hidden" name="intent" value="return-request" />
							<input type="hidden" name="reference" value={reference} />
							<div className="flex flex-col gap-1.5">
								<Label htmlFor={`${id}-motivo`}>Motivo (opcional)</Label>
								<select
									id={`${id}-motivo`}
									name="reason"
									defaultValue=""
									className="h-9 rounded-md border border-input bg-background px-3 text-base md:text-sm"
								>
									<option value="">Prefiro não dizer</option>
									{RETURN_REASONS.map((reason) => (
										<option key={reason} value={reason}>
											{RETURN_REASON_LABELS[reason]}
										</option>
									))}
								</select>
							</div>
							<div className="flex flex-col gap-1.5">
								<Label htmlFor={`${id}-texto`}>Quer contar mais? (opcional)</Label>
								<Textarea
									id={`${id}-texto`}
									name="reasonText"
									rows={3}
									maxLength={RETURN_TEXT_MAX}
									aria-invalid={error ? true : undefined}
									aria-describedby={`${id}-erro`}
								/>
							</div>
							<p id={`${id}-erro`} className="min-h-5 text-destructive" role="alert">
								{error ?? ''}
							</p>
							<p className="text-muted-foreground">
								Devolvemos o valor pago, frete incluído, pela mesma forma de pagamento.
							</p>
							<div>
								<Button type="submit" disabled={busy} data-testid="pedir-desistencia">
									{busy ? 'Enviando…' : 'Pedir desistência'}
								</Button>
							</div>
						</fetcher.Form>
					</details>
				</>
			) : view.request || view.blockedText ? null : (
				<p>{policyLink}</p>
			)}
			{view.request && !view.blockedText && !view.canAsk ? <p className="text-muted-foreground">Saiba mais na {policyLink}.</p> : null}
		</section>
	)
}
