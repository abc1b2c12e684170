import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { cn } from '~/utils/cn'
import { installmentOptionLabel, installmentOptions } from '~/utils/installments'
import { cardFromInstallments, centsToAmountString, type MercadoPagoCard } from '~/utils/mercadopago-installments'
import { loadMercadoPagoSdk, type MercadoPagoField, type MercadoPagoInstance } from './mercadopago-sdk'

/**
 * The card section when cards go through Mercado Pago (issue 29, decision 079). MercadoPago.js
 * (MERCADOPAGO_SDK_URL) draws the card number, expiry and CVV as its secure fields; the card's BIN
 * gives Mercado Pago's instalment quote, over which the shop's 'sem juros' rule decides what the
 * shopper may choose; before the order is submitted, `tokenize` asks MercadoPago.js for a card
 * token. The form then carries only the token, the card's brand and issuer and the instalment count.
 * The name on the card has no `name` attribute (never submitted).
 */
export type MercadoPagoTokenResult = { ok: true } | { ok: false; message: string }
export type MercadoPagoCardHandle = { tokenize(): Promise<MercadoPagoTokenResult> }

export const MP_CARD_MESSAGES = {
	loading: 'O formulário do cartão ainda está carregando. Aguarde um instante e tente de novo.',
	sdkFailed: 'Não foi possível carregar o pagamento com cartão. Recarregue a página ou pague com PIX.',
	cardUnknown: 'Confira o número do cartão: ele não foi reconhecido. Tente outro cartão ou pague com PIX.',
	numberMissing: 'Informe o número do cartão.',
	holderMissing: 'Informe o nome impresso no cartão.',
	tokenFailed: 'Confira o número, a validade e o CVV do cartão e tente novamente.',
	noInstallments: 'Não encontramos opções de parcelamento para este cartão. Tente outro cartão ou pague com PIX.',
} as const

type FieldType = 'cardNumber' | 'expirationDate' | 'securityCode'

export function MercadoPagoCardFields({
	ref,
	config,
	totalCents,
	interestFreeUpTo,
	defaultInstallments,
	serverError,
	serverErrorId,
	installmentsError,
}: {
	ref: React.Ref<MercadoPagoCardHandle>
	config: { publicKey: string; sdkUrl: string }
	totalCents: number
	interestFreeUpTo: number
	defaultInstallments: number
	serverError?: string
	serverErrorId?: unknown
	installmentsError?: string
}) {
	const id = useId().replace(/[^A-Za-z0-9_-]/g, '')
	const mpRef = useRef<MercadoPagoInstance | null>(null)
	const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')
	const [bin, setBin] = useState<string | null>(null)
	const [card, setCard] = useState<MercadoPagoCard | null>(null)
	const [quoting, setQuoting] = useState(false)
	const [count, setCount] = useState(defaultInstallments)
	const [holder, setHolder] = useState('')
	const [cardError, setCardError] = useState<string | null>(null)
	// The server's answer (a refusal) until the shopper tries again.
	const [dismissed, setDismissed] = useState<unknown>(() => Symbol('nenhuma tentativa'))
	const tokenInput = useRef<HTMLInputElement>(null)
	const methodInput = useRef<HTMLInputElement>(null)
	const issuerInput = useRef<HTMLInputElement>(null)
	const containerId = (type: FieldType) => `mp-${id}-${type}`

	useEffect(() => {
		let cancelled = false
		const fields: MercadoPagoField[] = []
		loadMercadoPagoSdk(config.sdkUrl)
			.then((MercadoPago) => {
				if (cancelled) return
				const mp = new MercadoPago(config.publicKey, { locale: 'pt-BR' })
				mpRef.current = mp
				const style = { fontSize: '14px', height: '100%' }
				const number = mp.fields.create('cardNumber', { placeholder: '0000 0000 0000 0000', style }).mount(containerId('cardNumber'))
				number.on('binChange', (event) => {
					setBin(event.bin ?? null)
					setCardError(null)
				})
				fields.push(number)
				fields.push(mp.fields.create('expirationDate', { placeholder: 'MM/AA', style }).mount(containerId('expirationDate')))
				fields.push(mp.fields.create('securityCode', { placeholder: '123', style }).mount(containerId('securityCode')))
				setStatus('ready')
			})
			.catch(() => {
				if (!cancelled) setStatus('failed')
			})
		return () => {
			cancelled = true
			mpRef.current = null
			for (const field of fields) field.unmount()
		}
		// Mounted once per public key and SDK: the fields keep what was typed across answers.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [config.publicKey, config.sdkUrl])

	// Mercado Pago's quote for this card and this total (a coupon or the shipping may change it).
	useEffect(() => {
		const mp = mpRef.current
		if (!bin || !mp || totalCents <= 0) {
			setCard(null)
			return
		}
		let current = true
		setQuoting(true)
		mp.getInstallments({ amount: centsToAmountString(totalCents), bin, paymentTypeId: 'credit_card' })
			.then((answer) => {
				if (!current) return
				const found = cardFromInstallments(answer)
				setCard(found)
				setCardError(found ? null : MP_CARD_MESSAGES.cardUnknown)
			})
			.catch(() => {
				if (!current) return
				setCard(null)
				setCardError(MP_CARD_MESSAGES.cardUnknown)
			})
			.finally(() => {
				if (current) setQuoting(false)
			})
		return () => {
			current = false
		}
	}, [bin, totalCents, status])

	const options = card ? installmentOptions(card.quotes, totalCents, interestFreeUpTo) : []
	const chosen = options.some((o) => o.count === count) ? count : (options[0]?.count ?? 1)

	useImperativeHandle(
		ref,
		() => ({
			async tokenize() {
				setDismissed(serverErrorId)
				const fail = (message: string): MercadoPagoTokenResult => {
					setCardError(message)
					return { ok: false, message }
				}
				const mp = mpRef.current
				if (status === 'failed') return fail(MP_CARD_MESSAGES.sdkFailed)
				if (!mp) return fail(MP_CARD_MESSAGES.loading)
				if (!bin) return fail(MP_CARD_MESSAGES.numberMissing)
				if (quoting) return fail(MP_CARD_MESSAGES.loading)
				if (!card) return fail(MP_CARD_MESSAGES.cardUnknown)
				if (options.length === 0) return fail(MP_CARD_MESSAGES.noInstallments)
				if (!holder.trim()) return fail(MP_CARD_MESSAGES.holderMissing)
				const form = tokenInput.current?.form
				const cpf = form?.elements.namedItem('cpf')
				const cpfDigits = cpf instanceof HTMLInputElement ? cpf.value.replace(/\D/g, '') : ''
				try {
					const token = await mp.fields.createCardToken({
						cardholderName: holder.trim(),
						...(cpfDigits.length === 11 ? { identificationType: 'CPF', identificationNumber: cpfDigits } : {}),
					})
					if (!token?.id || !tokenInput.current || !methodInput.current || !issuerInput.current) return fail(MP_CARD_MESSAGES.tokenFailed)
					tokenInput.current.value = token.id
					methodInput.current.value = card.paymentMethodId
					issuerInput.current.value = card.issuerId ?? ''
					setCardError(null)
					return { ok: true }
				} catch {
					return fail(MP_CARD_MESSAGES.tokenFailed)
				}
			},
		}),
		[status, bin, quoting, card, options.length, holder, serverErrorId],
	)

	const numberError = cardError ?? (serverError && dismissed !== serverErrorId ? serverError : null)
	const secureField = (type: FieldType, label: string, error?: string | null) => (
		<div className="flex flex-col gap-1.5">
			<span id={`${containerId(type)}-label`} className="text-sm leading-none font-medium">
				{label}
			</span>
			<div
				id={containerId(type)}
				role="group"
				aria-labelledby={`${containerId(type)}-label`}
				aria-describedby={`${containerId(type)}-error`}
				data-mp-container={type}
				className={cn(
					'flex h-9 items-center rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-within:ring-2 focus-within:ring-ring',
					error ? 'border-destructive' : null,
				)}
			/>
			<p id={`${containerId(type)}-error`} className="min-h-5 text-sm text-destructive" data-testid={type === 'cardNumber' ? 'card-error' : undefined} role={type === 'cardNumber' ? 'alert' : undefined}>
				{error ?? null}
			</p>
		</div>
	)

	return (
		<div className="flex flex-col gap-3" data-testid="mercadopago-card">
			{/* Filled by tokenize() just before the form is submitted. No value prop: React would write a
			    hidden input's default (its value) back on every render. */}
			<input ref={tokenInput} type="hidden" name="cardToken" />
			<input ref={methodInput} type="hidden" name="cardPaymentMethodId" />
			<input ref={issuerInput} type="hidden" name="cardIssuerId" />
			<p className="text-sm text-muted-foreground">
				{status === 'failed' ? MP_CARD_MESSAGES.sdkFailed : 'Pagamento processado com segurança pelo Mercado Pago. Os dados do cartão não passam pela loja.'}
			</p>
			{secureField('cardNumber', 'Número do cartão', numberError)}
			<div className="flex flex-col gap-1.5">
				<Label htmlFor={`${id}-holder`}>Nome impresso no cartão</Label>
				{/* No name attribute: never part of the submitted form. */}
				<Input id={`${id}-holder`} value={holder} onChange={(event) => setHolder(event.target.value)} autoComplete="cc-name" />
			</div>
			<div className="grid grid-cols-2 gap-3">
				{secureField('expirationDate', 'Validade (MM/AA)')}
				{secureField('securityCode', 'CVV')}
			</div>
			<div className="flex flex-col gap-1.5">
				<Label htmlFor={`${id}-installments`}>Parcelas</Label>
				<select
					id={`${id}-installments`}
					name="installments"
					value={String(chosen)}
					onChange={(event) => setCount(Number(event.target.value))}
					disabled={options.length === 0}
					aria-invalid={installmentsError ? true : undefined}
					aria-describedby={`${id}-installments-error`}
					className="h-9 rounded-md border border-input bg-background px-3 text-sm disabled:opacity-70"
				>
					{options.length === 0 ? (
						<option value="1">{quoting ? 'Buscando as parcelas...' : 'Informe o número do cartão para ver as parcelas'}</option>
					) : (
						options.map((option) => (
							<option key={option.count} value={option.count}>
								{installmentOptionLabel(option)}
							</option>
						))
					)}
				</select>
				<p id={`${id}-installments-error`} className="min-h-5 text-sm text-destructive">
					{installmentsError ?? null}
				</p>
			</div>
		</div>
	)
}
