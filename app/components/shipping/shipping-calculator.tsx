import { Loader2Icon, TruckIcon } from '~/components/icons/lucide'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { formatPromise } from '~/commerce/rules/delivery-date'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import type { ShippingQuoteResponse } from '~/routes/resources/shipping-quote'
import { cn } from '~/utils/cn'
import { formatMoney } from '~/utils/format'
import { maskCep } from '~/utils/input-masks'
import { readRememberedCep, rememberCep } from './remembered-cep'

/** What is quoted: the product page's variant × quantity, or the visitor's cart (`version` changes with it). */
export type QuoteTarget =
	| { intent: 'produto'; handle: string; variantId: string; quantity: number; personalized: boolean }
	| { intent: 'carrinho'; version: string }

type Quote = Extract<ShippingQuoteResponse, { ok: true }>
type State =
	| { kind: 'idle' }
	| { kind: 'loading'; previous: Quote | null }
	| { kind: 'done'; quote: Quote }
	| { kind: 'error'; message: string; field?: 'cep' }

/** What the shopper typed in the server's form before this code came, and whether she asked (shipping-calculator-slot.tsx). */
export type TypedCep = { cep: string; submitted: boolean }

/** The CEP typed in the server's form. */
export function readTypedCep(container: HTMLElement, submitted: boolean): TypedCep {
	return { cep: container.querySelector<HTMLInputElement>('input[name="cep"]')?.value ?? '', submitted }
}

const FAILED = 'Não foi possível calcular o frete agora. Tente novamente.'
const CORREIOS_CEP_SEARCH = 'https://buscacepinter.correios.com.br/app/endereco/index.php'

/**
 * 'Calcular frete' (issue 32, decision 113): a CEP (masked 00000-000) → the checkout's own options
 * from POST /frete, cheapest first, each with its price (or 'Grátis') and its dates ('Chega entre 8
 * e 11 de dezembro'). The CEP is remembered on this device and quoted again by itself next time
 * and whenever what is quoted changes (another variant, quantity, the cart); 'Alterar CEP' asks
 * for another. A plain fetch, not a fetcher: a quote changes nothing, so no loader must run again.
 */
export function ShippingCalculator({ target, compact = false, initial }: { target: QuoteTarget | null; compact?: boolean; initial?: TypedCep }) {
	const inputId = useId()
	const messageId = useId()
	const headingId = useId()
	// What was typed in the server's form is there from the first render: the focus comes back to it with its selection.
	const [typed, setTyped] = useState(() => (initial ? maskCep(initial.cep) : ''))
	// The CEP the list is (or is being) quoted for; null until one was asked.
	const [cep, setCep] = useState<string | null>(null)
	const [editing, setEditing] = useState(true)
	const [state, setState] = useState<State>({ kind: 'idle' })
	const inFlight = useRef<AbortController | null>(null)
	const askedFor = useRef('')
	const input = useRef<HTMLInputElement>(null)
	const form = useRef<HTMLFormElement>(null)
	const targetKey = target ? JSON.stringify(target) : ''

	function ask(forCep: string) {
		const element = form.current
		if (!element) return
		askedFor.current = `${targetKey}|${forCep}`
		if (!target) {
			setState({ kind: 'error', message: 'Escolha as opções do produto para calcular o frete.' })
			return
		}
		inFlight.current?.abort()
		const controller = new AbortController()
		inFlight.current = controller
		// The form's own fields (intent, product, quantity) with the CEP asked.
		const body = new FormData(element)
		body.set('cep', forCep)
		setState((previous) => ({ kind: 'loading', previous: previous.kind === 'done' ? previous.quote : previous.kind === 'loading' ? previous.previous : null }))
		fetch(element.getAttribute('action') ?? '/frete', { method: 'POST', body, signal: controller.signal, headers: { accept: 'application/json' } })
			.then((response) => response.json() as Promise<ShippingQuoteResponse>)
			.then((answer) => {
				if (controller.signal.aborted) return
				if (!answer.ok) {
					setState({ kind: 'error', message: answer.message, field: answer.field })
					if (answer.field === 'cep') setEditing(true)
					return
				}
				rememberCep(answer.cep)
				setEditing(false)
				setState({ kind: 'done', quote: answer })
			})
			.catch(() => {
				if (controller.signal.aborted) return
				askedFor.current = ''
				setState({ kind: 'error', message: FAILED })
			})
	}

	// The CEP remembered on this device, quoted at once; unless one was typed (or asked) before this code came.
	useEffect(() => {
		if (initial?.submitted) {
			askTyped(initial.cep)
			return
		}
		if (initial?.cep) return
		const saved = readRememberedCep()
		if (!saved) return
		setTyped(saved)
		setCep(saved)
		setEditing(false)
		// Once, with what the server's form held.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	useEffect(() => () => inFlight.current?.abort(), [])

	// What is quoted changed (variant, quantity, the cart) or a remembered CEP arrived: quoted again.
	useEffect(() => {
		if (!cep || askedFor.current === `${targetKey}|${cep}`) return
		const timer = window.setTimeout(() => ask(cep), askedFor.current ? 300 : 0)
		return () => window.clearTimeout(timer)
		// `ask` reads the current form; the key says when to run.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [targetKey, cep])

	function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		askTyped(typed)
	}

	function askTyped(text: string) {
		setTyped(maskCep(text))
		const digits = text.replace(/\D/g, '')
		if (digits.length !== 8) {
			setState({ kind: 'error', message: 'CEP inválido. Use 8 números, como 01310-100.', field: 'cep' })
			input.current?.focus()
			return
		}
		const asked = maskCep(digits)
		setCep(asked)
		ask(asked)
	}

	function change() {
		setEditing(true)
		// After the form shows again.
		window.setTimeout(() => {
			input.current?.focus()
			input.current?.select()
		}, 0)
	}

	const quote = state.kind === 'done' ? state.quote : state.kind === 'loading' ? state.previous : null
	const loading = state.kind === 'loading'
	const cepError = state.kind === 'error' && state.field === 'cep'
	const showForm = editing || !cep || cepError
	const Heading = compact ? 'h3' : 'h2'

	return (
		<section
			aria-labelledby={headingId}
			className={cn('flex flex-col gap-3 rounded-xl border bg-card text-sm', compact ? 'p-3' : 'p-4')}
			data-testid="calcular-frete"
		>
			<Heading id={headingId} className="flex items-center gap-2 font-semibold">
				<TruckIcon className="size-4 text-primary" aria-hidden="true" />
				Calcular frete
			</Heading>
			{/* A real form (method, action, fields) so the quote's contract is visible; the script sends it. */}
			<form ref={form} method="post" action="/frete" onSubmit={onSubmit} noValidate className={cn('flex flex-col gap-2', !showForm && 'hidden')}>
				<input type="hidden" name="intent" value={target?.intent ?? 'produto'} />
				{target?.intent === 'produto' ? (
					<>
						<input type="hidden" name="handle" value={target.handle} />
						<input type="hidden" name="variantId" value={target.variantId} />
						<input type="hidden" name="quantity" value={target.quantity} />
						<input type="hidden" name="personalizado" value={target.personalized ? '1' : '0'} />
					</>
				) : null}
				<label htmlFor={inputId} className="text-muted-foreground">
					Informe seu CEP para ver as opções de entrega e o prazo.
				</label>
				<div className="flex gap-2">
					<Input
						ref={input}
						id={inputId}
						name="cep"
						value={typed}
						onChange={(event) => setTyped(maskCep(event.currentTarget.value))}
						inputMode="numeric"
						autoComplete="postal-code"
						placeholder="00000-000"
						maxLength={9}
						aria-invalid={cepError || undefined}
						aria-describedby={messageId}
						className="h-10 max-w-40"
					/>
					<Button type="submit" variant="outline" className="h-10" disabled={loading}>
						{loading ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
						Calcular
					</Button>
				</div>
				<a href={CORREIOS_CEP_SEARCH} target="_blank" rel="noopener noreferrer" className="w-fit text-xs text-muted-foreground underline underline-offset-2">
					Não sei meu CEP
				</a>
			</form>
			{!showForm && cep ? (
				<p className="flex flex-wrap items-center gap-x-2">
					<span>
						Entrega para <strong data-testid="cep-lembrado">{cep}</strong>
					</span>
					<button type="button" onClick={change} className="text-primary underline underline-offset-2">
						Alterar CEP
					</button>
				</p>
			) : null}
			<p id={messageId} role="status" className={cn('empty:hidden', state.kind === 'error' ? 'text-destructive' : 'text-muted-foreground')}>
				{state.kind === 'error' ? state.message : loading ? 'Calculando o frete...' : ''}
			</p>
			{quote ? <QuoteOptions quote={quote} busy={loading} compact={compact} /> : null}
		</section>
	)
}

function QuoteOptions({ quote, busy, compact }: { quote: Quote; busy: boolean; compact: boolean }) {
	const belowThreshold = quote.subtotalCents < quote.freeShippingThresholdCents
	const freeLater = quote.options.filter((o) => o.freeAtThreshold && o.chargedCents > 0)
	const someFree = quote.options.some((o) => o.chargedCents === 0)
	const somePaid = quote.options.some((o) => o.chargedCents > 0)
	const name = (o: Quote['options'][number]) => (o.carrier ? `${o.carrier} ${o.service}` : o.service)
	return (
		<div className={cn('flex flex-col gap-2', busy && 'opacity-60')} aria-busy={busy || undefined}>
			<ul className="flex flex-col divide-y rounded-md border" aria-label={`Opções de entrega para ${quote.cep}`}>
				{quote.options.map((option) => (
					<li key={option.id} className="flex items-start justify-between gap-3 p-2.5" data-testid="opcao-frete">
						<span className="flex flex-col">
							<span className="font-medium">{name(option)}</span>
							<span className="text-muted-foreground">{formatPromise(option.promise)}</span>
						</span>
						<span className={cn('shrink-0 font-semibold', option.chargedCents === 0 && 'text-green-700 dark:text-green-400')}>
							{option.chargedCents === 0 ? 'Grátis' : formatMoney(option.chargedCents)}
						</span>
					</li>
				))}
			</ul>
			{belowThreshold && freeLater.length > 0 && !compact ? (
				<p className="text-muted-foreground">
					{freeLater.length === 1 && freeLater[0]?.carrier
						? `Frete grátis na opção ${name(freeLater[0])} em compras a partir de ${formatMoney(quote.freeShippingThresholdCents)}.`
						: `Frete grátis em compras a partir de ${formatMoney(quote.freeShippingThresholdCents)}.`}
				</p>
			) : someFree && somePaid ? (
				<p className="text-muted-foreground">O frete grátis vale para a opção marcada como Grátis.</p>
			) : null}
			<p className="text-xs text-muted-foreground">Prazos com a produção incluída, se o pagamento for confirmado hoje.</p>
		</div>
	)
}
