import { Undo2Icon } from '~/components/icons/lucide'
import { Link, useFetcher } from 'react-router'
import { RETURN_MESSAGE_MAX } from '~/commerce/rules/return-reasons'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import type { AdminReturnPanel } from '~/server/returns/admin.server'

/**
 * The withdrawal request on the admin's order page (issue 31, decision 117): what the shopper
 * asked and, while open, approve (the refund through the provider, or confirmed as done by hand)
 * or refuse with a message. Both forms post to /admin/desistencias, which answers with the order's
 * page again (toast) or the error shown here.
 */
export function ReturnAdminPanel({ panel }: { panel: AdminReturnPanel }) {
	const approve = useFetcher<{ error: string }>()
	const refuse = useFetcher<{ error: string }>()
	const busy = approve.state !== 'idle' || refuse.state !== 'idle'
	const approveError = approve.data?.error ?? null
	const refuseError = refuse.data?.error ?? null
	return (
		<Card data-testid="desistencia-admin-painel">
			<CardHeader>
				<CardTitle>
					<h2 className="flex items-center gap-2">
						<Undo2Icon className="size-4" aria-hidden="true" />
						Desistência da compra
					</h2>
				</CardTitle>
			</CardHeader>
			<CardContent className="grid gap-3 text-sm">
				<dl className="grid gap-2">
					<div>
						<dt className="text-muted-foreground">Situação</dt>
						<dd className="font-medium" data-testid="desistencia-admin-status">
							{panel.statusLabel}
						</dd>
					</div>
					<div>
						<dt className="text-muted-foreground">Pedida em</dt>
						<dd>{panel.createdAt}</dd>
					</div>
					<div>
						<dt className="text-muted-foreground">Motivo</dt>
						<dd className="[overflow-wrap:anywhere] whitespace-pre-line">{panel.reason ?? 'Não informado'}</dd>
					</div>
					{panel.decidedAt ? (
						<div>
							<dt className="text-muted-foreground">Respondida em</dt>
							<dd>{panel.decidedAt}</dd>
						</div>
					) : null}
					{panel.refund ? (
						<div>
							<dt className="text-muted-foreground">Reembolso</dt>
							<dd data-testid="desistencia-admin-reembolso">{panel.refund}</dd>
						</div>
					) : null}
					{panel.adminMessage ? (
						<div>
							<dt className="text-muted-foreground">Mensagem ao cliente</dt>
							<dd className="[overflow-wrap:anywhere] whitespace-pre-line">{panel.adminMessage}</dd>
						</div>
					) : null}
				</dl>
				{panel.approve ? (
					<>
						<approve.Form method="post" action="/admin/desistencias" className="grid gap-2 rounded-md border p-3">
							<h3 className="font-semibold">Aprovar</h3>
							{panel.approve.window ? <p className="text-muted-foreground">{panel.approve.window}</p> : null}
							<p>
								{panel.approve.method === 'provider'
									? `O valor volta pelo ${panel.approve.providerLabel}.`
									: 'Este pagamento não passou por um provedor que devolve sozinho: devolva o valor ao cliente você mesma (por exemplo, um PIX para a chave dele) e confirme abaixo.'}
							</p>
							{panel.approve.excluded ? (
								<p>Peças personalizadas em produção ({panel.approve.excluded}) ficam fora da devolução; o pedido não é cancelado.</p>
							) : (
								<p>O pedido será cancelado: o estoque, o cupom e os pontos voltam.</p>
							)}
							<input type="hidden" name="intent" value="approve" />
							<input type="hidden" name="orderId" value={panel.orderId} />
							<input type="hidden" name="refundId" value={panel.approve.refundId} />
							<Label htmlFor="return-amount">Valor a devolver (R$, até {panel.approve.maxAmount})</Label>
							<Input id="return-amount" name="amount" inputMode="decimal" defaultValue={panel.approve.amountInput} required />
							{panel.approve.method === 'manual' ? (
								<label className="flex items-start gap-2">
									<input type="checkbox" name="refundedByHand" className="mt-1 size-4" required data-testid="devolvido-a-mao" />
									<span>Já devolvi este valor ao cliente.</span>
								</label>
							) : null}
							<Label htmlFor="return-approve-message">Mensagem ao cliente (opcional)</Label>
							<Textarea id="return-approve-message" name="message" rows={2} maxLength={RETURN_MESSAGE_MAX} />
							<p className="min-h-5 text-destructive" role="alert">
								{approveError ?? ''}
							</p>
							<Button type="submit" disabled={busy} data-testid="aprovar-desistencia">
								{panel.approve.method === 'provider' ? 'Aprovar e devolver' : 'Aprovar e marcar como devolvido'}
							</Button>
						</approve.Form>
						<refuse.Form method="post" action="/admin/desistencias" className="grid gap-2 rounded-md border p-3">
							<h3 className="font-semibold">Recusar</h3>
							<input type="hidden" name="intent" value="refuse" />
							<input type="hidden" name="orderId" value={panel.orderId} />
							<Label htmlFor="return-refuse-message">Mensagem ao cliente (obrigatória)</Label>
							<Textarea id="return-refuse-message" name="message" rows={3} maxLength={RETURN_MESSAGE_MAX} required />
							<p className="min-h-5 text-destructive" role="alert">
								{refuseError ?? ''}
							</p>
							<Button type="submit" variant="outline" disabled={busy}>
								Recusar desistência
							</Button>
						</refuse.Form>
					</>
				) : null}
				<Link to="/admin/desistencias" className="text-primary underline-offset-4 hover:underline">
					Ver todas as desistências
				</Link>
			</CardContent>
		</Card>
	)
}
