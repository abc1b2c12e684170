import { BellIcon, CheckCircle2Icon, ChevronDownIcon, Loader2Icon } from '~/components/icons/lucide'
import { type FormEvent, useId, useState } from 'react'
import { Link } from 'react-router'
import { useVisitor } from '~/components/shop/use-root-data'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { cn } from '~/utils/cn'
import { RESTOCK_MESSAGES, type RestockAlertResponse } from '~/utils/restock-alert'

/** A variant that cannot be bought now: what the alert is for. */
export type SoldOutVariant = { id: string; title: string }

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string; field?: 'email' | 'variantId' }

/**
 * 'Avise-me quando chegar' (issue 31, decision 120). When the chosen variant is sold out it takes
 * the buy buttons' place, open; when another option is sold out (which the pickers cannot choose,
 * document 000 §4) it waits folded under the buttons, with a choice among the sold-out options.
 * A signed-in shopper's address is filled in (and confirmed at once by the server); any other
 * address gets a confirmation link first. A plain fetch, like 'Calcular frete': nothing on the
 * page changes, so no loader must run again.
 */
export type RestockAlertProps = { soldOut: SoldOutVariant[]; chosenId: string | null }

export function RestockAlert({ soldOut, chosenId }: RestockAlertProps) {
	const chosenSoldOut = soldOut.find((v) => v.id === chosenId)
	if (chosenSoldOut) {
		return (
			<section aria-labelledby="avise-me-titulo" className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-sm" data-testid="avise-me" data-restock-alert="">
				<h2 id="avise-me-titulo" className="flex items-center gap-2 text-base font-semibold">
					<BellIcon className="size-4 text-primary" aria-hidden="true" />
					Avise-me quando chegar
				</h2>
				<p className="text-muted-foreground">Esta opção esgotou. Deixe seu e-mail: avisamos uma única vez, assim que voltar.</p>
				{/* The chosen one first (preselected); the others too when the pickers cannot reach them. */}
				<AlertForm key={chosenSoldOut.id} soldOut={[chosenSoldOut, ...soldOut.filter((v) => v !== chosenSoldOut)]} />
			</section>
		)
	}
	if (soldOut.length === 0) return null
	return (
		<details className="group rounded-xl border bg-card text-sm" data-testid="avise-me" data-restock-alert="">
			<summary className="flex cursor-pointer list-none items-center gap-2 rounded-xl p-4 font-semibold [&::-webkit-details-marker]:hidden focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none">
				<BellIcon className="size-4 text-primary" aria-hidden="true" />
				Opção esgotada? Avise-me quando chegar
				<ChevronDownIcon className="ml-auto size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
			</summary>
			<div className="flex flex-col gap-3 px-4 pb-4">
				<p className="text-muted-foreground">
					{soldOut.length === 1
						? `Esgotado no momento: ${soldOut[0]?.title}. Deixe seu e-mail e avisamos uma única vez, assim que voltar.`
						: 'Escolha a opção e deixe seu e-mail: avisamos uma única vez, assim que voltar.'}
				</p>
				<AlertForm soldOut={soldOut} />
			</div>
		</details>
	)
}

function AlertForm({ soldOut }: { soldOut: SoldOutVariant[] }) {
	const emailId = useId()
	const variantFieldId = useId()
	const messageId = useId()
	const user = useVisitor()?.user ?? null
	// What she typed; until then her account's address, once who is looking is known (after load).
	const [typed, setTyped] = useState<string | null>(null)
	const email = typed ?? user?.email ?? ''
	const [variantId, setVariantId] = useState(soldOut[0]?.id ?? '')
	const [state, setState] = useState<State>({ kind: 'idle' })

	const own = user !== null && email.trim().toLowerCase() === user.email.toLowerCase()

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const form = event.currentTarget
		if (!email.trim()) {
			setState({ kind: 'error', message: RESTOCK_MESSAGES.emailRequired, field: 'email' })
			return
		}
		setState({ kind: 'sending' })
		fetch(form.getAttribute('action') ?? '/avise-me', { method: 'POST', body: new FormData(form), headers: { accept: 'application/json' } })
			.then((response) => response.json() as Promise<RestockAlertResponse>)
			.then((answer) => setState(answer.ok ? { kind: 'done', message: answer.message } : { kind: 'error', message: answer.message, field: answer.field }))
			.catch(() => setState({ kind: 'error', message: RESTOCK_MESSAGES.failed }))
	}

	if (state.kind === 'done') {
		return (
			<p role="status" className="flex items-start gap-2 font-medium" data-testid="avise-me-pronto">
				<CheckCircle2Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
				{state.message}
			</p>
		)
	}
	const emailError = state.kind === 'error' && state.field !== 'variantId'
	return (
		<form method="post" action="/avise-me" onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
			{soldOut.length === 1 ? (
				<input type="hidden" name="variantId" value={soldOut[0]?.id} />
			) : (
				<div className="flex flex-col gap-1">
					<label htmlFor={variantFieldId} className="font-medium">
						Opção
					</label>
					<select
						id={variantFieldId}
						name="variantId"
						value={variantId}
						onChange={(event) => setVariantId(event.target.value)}
						className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none sm:max-w-xs"
					>
						{soldOut.map((v) => (
							<option key={v.id} value={v.id}>
								{v.title}
							</option>
						))}
					</select>
				</div>
			)}
			<label htmlFor={emailId} className="font-medium">
				Seu e-mail
			</label>
			<div className="flex flex-col gap-2 sm:flex-row">
				<Input
					id={emailId}
					name="email"
					type="email"
					autoComplete="email"
					inputMode="email"
					value={email}
					onChange={(event) => setTyped(event.currentTarget.value)}
					maxLength={254}
					aria-invalid={emailError || undefined}
					aria-describedby={messageId}
					className="h-10"
				/>
				<Button type="submit" className="h-10 shrink-0" disabled={state.kind === 'sending'}>
					{state.kind === 'sending' ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <BellIcon aria-hidden="true" />}
					Avise-me
				</Button>
			</div>
			<p id={messageId} role="status" className={cn('empty:hidden', state.kind === 'error' && 'text-destructive')}>
				{state.kind === 'error' ? state.message : ''}
			</p>
			<p className="text-xs text-muted-foreground">
				{own
					? 'É o e-mail da sua conta: o aviso fica confirmado na hora.'
					: 'Enviaremos um link para confirmar o e-mail. Cancele quando quiser, pelo link de cada mensagem.'}{' '}
				<Link to="/privacidade" className="underline underline-offset-2">
					Privacidade
				</Link>
			</p>
		</form>
	)
}
