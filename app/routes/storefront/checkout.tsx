import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { ChevronDownIcon, ShoppingCartIcon } from '~/components/icons/lucide'
import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useNavigation } from 'react-router'
import { LazyMercadoPagoCardFields, LazyTestCardFields, prefetchCardFields } from '~/components/checkout/lazy-card-fields'
import type { MercadoPagoCardHandle } from '~/components/checkout/mercadopago-card-fields'
import { useCheckoutValidation } from '~/components/checkout/use-checkout-validation'
import { OrderSummaryLines, OrderTotals } from '~/components/orders/order-summary'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { getOptionalUser } from '~/server/auth/guards.server'
import { ensureBuyerToken } from '~/server/orders/buyer-cookie.server'
import { checkoutIsHosted, type HostedCheckoutFailure, hostedCheckout } from '~/server/orders/hosted-checkout.server'
import { submitCheckout } from '~/server/orders/checkout.server'
import { consumeCheckoutBudget } from '~/server/orders/checkout-rate-limit.server'
import {
	cardProviderInfo,
	checkoutCart,
	checkoutPrefill,
	hasBuyableLines,
	newIdempotencyKey,
	recentOrderOfCart,
} from '~/server/orders/checkout-page.server'
import { type CheckoutSummary, checkoutSummary, PLACE_ORDER_MESSAGES } from '~/server/orders/place-order.server'
import { readFormData } from '~/server/read-form.server'
import { getStoreSettings } from '~/server/settings.server'
import { getCartReminderConsent, grantCartReminderConsent } from '~/server/cart-reminders/consent.server'
import { CART_REMINDER_CONSENT_TEXT } from '~/utils/cart-reminder-copy'
import { combineHeaders, createToastHeaders } from '~/server/toast.server'
import { applyCouponSchema, type CheckoutInput, checkoutSchema } from '~/utils/checkout-schema'
import { BRAZIL_UFS } from '~/utils/checkout-constants'
import { CARD_UNAVAILABLE_MESSAGE } from '~/utils/card-payment-messages'
import { formatMoney, formatPercent } from '~/utils/format'
import { formatPromise } from '~/commerce/rules/delivery-date'
import { formatDeliveryWindow } from '~/commerce/rules/shipping'
import { pageTitle } from '~/utils/meta'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/checkout'
import { useCepAutofill } from '~/components/checkout/use-cep-autofill'
import { RememberGuestOption, useRememberedGuest } from '~/components/checkout/remember-guest'
import { cn } from '~/utils/cn'
import { maskCpf, maskPhone } from '~/utils/input-masks'
import { installmentLabel } from '~/utils/installments'

/**
 * /checkout — the built-in checkout (spec decisions 4 and 5): contact, delivery, shipping,
 * coupon, summary and payment (PIX or card) on one page, same tab. Every price on this page
 * comes from the server cart; 'Finalizar Pedido' places the order in one transaction
 * (app/server/orders/place-order.server.ts) and opens /pedido/{reference}.
 * An empty cart shows an empty state and places nothing (document 000: 'Checkout does nothing
 * on an empty cart'). On a hosted store (COMMERCE_PROVIDER=storefront, decision 052) the store's
 * checkout takes the payment: this page sends the shopper there and never places an order.
 */

export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: pageTitle('Finalizar compra', matches) },
	{ name: 'robots', content: 'noindex' },
]

const NO_STORE = { 'Cache-Control': 'no-store' }

// Loader and action headers (Cache-Control, Retry-After) reach the client only through this.
export const headers = routeHeaders(PRIVATE_NO_STORE)

export async function loader({ request }: Route.LoaderArgs) {
	const user = await getOptionalUser(request)
	if (checkoutIsHosted()) {
		const hosted = await hostedCheckout(request, user)
		if (hosted.kind === 'redirect') throw redirect(hosted.checkoutUrl, { status: 303, headers: NO_STORE })
		if (hosted.kind === 'failed') return data({ empty: false as const, hostedFailure: hosted.failure }, { status: 502, headers: NO_STORE })
		return data({ empty: true as const }, { headers: NO_STORE })
	}
	const found = await checkoutCart(request, user)
	if (!found || !hasBuyableLines(found.cart)) return data({ empty: true as const }, { headers: NO_STORE })
	const [settings, prefill, reminderConsent] = await Promise.all([
		getStoreSettings(),
		checkoutPrefill(user),
		user ? getCartReminderConsent(user.id) : null,
	])
	return data(
		{
			empty: false as const,
			// A returning customer's CEP (prefilled) is quoted at once.
			summary: await checkoutSummary(found.cart, undefined, { settings, cep: prefill.cep, uf: prefill.uf }),
			prefill,
			// A guest may have this device remember her contact and address (issue 31); an account already does.
			signedIn: user !== null,
			// Issue 31: the reminder's opt-in, for a signed-in shopper who has not said yes (decision 121).
			offerCartReminder: user !== null && reminderConsent === null,
			idempotencyKey: newIdempotencyKey(),
			pixAvailable: Boolean(settings.pixKey),
			cardProvider: cardProviderInfo(),
			// The store's 'Parcelas sem juros (até)' (decision 077): Mercado Pago's quote decides above it.
			interestFreeInstallments: settings.cardInterestFreeInstallments,
		},
		{ headers: NO_STORE },
	)
}

type ActionData = {
	result: SubmissionResult<string[]>
	summary: CheckoutSummary | null
	/** The key the next submission must carry (a new one once an attempt made an order). */
	idempotencyKey: string | null
	/** Set on a 429: seconds until another order may be placed (also in Retry-After). */
	retryAfterSeconds?: number
}

const CHECKOUT_ERROR_TITLE = 'Erro ao criar checkout'

function formText(formData: FormData, name: string): string | null {
	const value = formData.get(name)
	return typeof value === 'string' ? value.slice(0, 20) : null
}

/**
 * The shipping quote (a fetcher, on every completed CEP) needs no fresh loader data: the
 * action's summary already carries the new shipping, and the loader does not know the CEP.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	if (formData?.get('intent') === 'quote-shipping') return false
	return defaultShouldRevalidate
}

export async function action({ request, context }: Route.ActionArgs) {
	// A hosted store's checkout takes the payment (decision 052): nothing is placed here; the
	// page's GET sends the shopper there.
	if (checkoutIsHosted()) throw redirect('/checkout', { status: 303 })
	// Not a form at all (wrong content type, cut-off body): a message, not a 500.
	const formData = await readFormData(request)
	const user = await getOptionalUser(request)
	const found = await checkoutCart(request, user)
	const submittedKey = typeof formData.get('idempotencyKey') === 'string' ? String(formData.get('idempotencyKey')) : null
	const typedCoupon = applyCouponSchema.safeParse({ couponCode: formData.get('couponCode') ?? undefined })
	const couponCode = typedCoupon.success ? typedCoupon.data.couponCode || undefined : undefined
	// Shipping is quoted for the CEP in the form (issue 13): every answer carries it.
	const address = { cep: formText(formData, 'cep'), uf: formText(formData, 'uf'), shippingOption: formText(formData, 'shippingOption') }
	const summary = found && hasBuyableLines(found.cart) ? await checkoutSummary(found.cart, couponCode, address) : null

	if (formData.get('intent') === 'quote-shipping') {
		// The CEP was completed: only the summary (shipping and delivery window) comes back.
		return data<ActionData>({
			result: parseWithZod(formData, { schema: applyCouponSchema }).reply(),
			summary,
			idempotencyKey: submittedKey,
		})
	}

	if (formData.get('intent') === 'apply-coupon') {
		// Only the coupon is checked; the rest of the form may still be incomplete.
		const submission = parseWithZod(formData, { schema: applyCouponSchema })
		const rejected = summary?.totals.coupon.status === 'rejected' ? summary.totals.coupon.reason : null
		const result = rejected ? submission.reply({ fieldErrors: { couponCode: [rejected] } }) : submission.reply()
		return data<ActionData>({ result, summary, idempotencyKey: submittedKey }, { status: rejected ? 400 : 200 })
	}

	const submission = parseWithZod(formData, { schema: checkoutSchema })
	// A retried 'Finalizar Pedido' whose first try already emptied the cart still reaches
	// placeOrder, which answers with the order that attempt made.
	if (!found || (!summary && submission.status !== 'success')) {
		return data<ActionData>(
			{ result: submission.reply({ formErrors: [PLACE_ORDER_MESSAGES.cartEmpty] }), summary: null, idempotencyKey: submittedKey },
			{
				status: 409,
				headers: createToastHeaders({ type: 'error', title: CHECKOUT_ERROR_TITLE, description: PLACE_ORDER_MESSAGES.cartEmpty }),
			},
		)
	}
	if (submission.status !== 'success') {
		return data<ActionData>({ result: submission.reply(), summary, idempotencyKey: submittedKey }, { status: 400 })
	}
	// The cart is empty because another tab's submission just made it an order: go there.
	if (!summary) {
		const recent = await recentOrderOfCart(found.cartId)
		if (recent) throw redirect(`/pedido/${recent}`)
	}

	// Rate limit (decision 20): the answer keeps every typed field (submission.reply) and the key.
	const budget = await consumeCheckoutBudget({ clientIp: context.clientIp, email: submission.value.email })
	if (!budget.allowed) {
		return data<ActionData>(
			{
				result: submission.reply({ formErrors: [budget.message] }),
				summary,
				idempotencyKey: submittedKey,
				retryAfterSeconds: budget.retryAfterSeconds,
			},
			{
				status: 429,
				headers: combineHeaders(
					{ 'Retry-After': String(budget.retryAfterSeconds) },
					createToastHeaders({ type: 'error', title: CHECKOUT_ERROR_TITLE, description: budget.message }),
				),
			},
		)
	}

	// Her 'yes' to the abandoned-cart reminder, recorded as the settings do (sentence, when, address);
	// a guest has no account to hold it, so the box is never hers to tick.
	if (user && submission.value.lembrete === 'sim') {
		await grantCartReminderConsent(user.id, { ip: context.clientIp, source: 'checkout' })
	}

	const buyer = ensureBuyerToken(request)
	const outcome = await submitCheckout({
		request,
		cartId: found.cartId,
		userId: user?.id ?? null,
		buyerTokenHash: buyer.tokenHash,
		checkout: submission.value,
	})
	if (outcome.ok) {
		throw redirect(`/pedido/${outcome.reference}`, { headers: combineHeaders(buyer.setCookie ? { 'Set-Cookie': buyer.setCookie } : null) })
	}
	// Emptied while this submission waited for another tab's order of the same cart: go there.
	if (outcome.code === 'cart_empty') {
		const recent = await recentOrderOfCart(found.cartId)
		if (recent) throw redirect(`/pedido/${recent}`, { headers: combineHeaders(buyer.setCookie ? { 'Set-Cookie': buyer.setCookie } : null) })
	}
	const result = outcome.field
		? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
		: submission.reply({ formErrors: [outcome.message] })
	const retry = 'retryWithNewKey' in outcome && outcome.retryWithNewKey
	return data<ActionData>(
		{
			result,
			summary,
			idempotencyKey: retry ? newIdempotencyKey() : submittedKey,
		},
		{
			status: outcome.code === 'card_declined' ? 402 : 409,
			headers: combineHeaders(
				buyer.setCookie ? { 'Set-Cookie': buyer.setCookie } : null,
				createToastHeaders({ type: 'error', title: CHECKOUT_ERROR_TITLE, description: outcome.message }),
			),
		},
	)
}

/** An onInput that re-punctuates the field as it is typed (app/utils/input-masks.ts). */
function masked(mask: (value: string) => string) {
	return (event: React.FormEvent<HTMLInputElement>) => {
		const input = event.currentTarget
		const value = mask(input.value)
		if (input.value !== value) input.value = value
	}
}

type FieldName = 'name' | 'email' | 'cpf' | 'phone' | 'cep' | 'street' | 'number' | 'complement' | 'district' | 'city'

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
	if (loaderData.empty) return <EmptyCheckout />
	if ('hostedFailure' in loaderData) return <HostedCheckoutFailed failure={loaderData.hostedFailure} />
	return <CheckoutForm loaderData={loaderData} actionData={actionData} />
}

function EmptyCheckout() {
	return (
		<main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<ShoppingCartIcon className="size-12 text-muted-foreground" aria-hidden="true" />
			<h1 className="text-2xl font-bold">Seu carrinho está vazio</h1>
			<p className="text-muted-foreground">Adicione produtos ao carrinho para finalizar a compra.</p>
			<Button asChild>
				<Link to="/">Continuar comprando</Link>
			</Button>
		</main>
	)
}

/** The store could not make its checkout (decision 052): document 000 §8's texts, and a retry. */
function HostedCheckoutFailed({ failure }: { failure: HostedCheckoutFailure }) {
	return (
		<main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
			<ShoppingCartIcon className="size-12 text-muted-foreground" aria-hidden="true" />
			<h1 className="text-2xl font-bold">{failure.title}</h1>
			<div role="alert" className="flex flex-col gap-2">
				{failure.notice ? (
					<p data-testid="aviso-loja">
						<strong>{failure.notice.title}</strong>: {failure.notice.description}
					</p>
				) : null}
				<p>{failure.message}</p>
				{failure.detail ? <p className="text-sm text-muted-foreground">{failure.detail}</p> : null}
			</div>
			<div className="flex flex-wrap justify-center gap-3">
				<Button asChild>
					<Link to="/checkout" reloadDocument>
						Tentar novamente
					</Link>
				</Button>
				<Button asChild variant="outline">
					<Link to="/">Continuar comprando</Link>
				</Button>
			</div>
		</main>
	)
}

function CheckoutForm({
	loaderData,
	actionData,
}: {
	loaderData: Extract<Route.ComponentProps['loaderData'], { idempotencyKey: string }>
	actionData: Route.ComponentProps['actionData']
}) {
	const navigation = useNavigation()
	const busyIntent = navigation.state !== 'idle' && navigation.formMethod === 'POST' ? navigation.formData?.get('intent') : null
	// The newest of the form's answer (coupon, refused order) and the shipping quote: both carry
	// the coupon and the CEP typed at that moment. The loader's summary until either comes.
	const quoteFetcher = useFetcher<typeof action>()
	// React's 'adjust state while rendering' pattern: remember which answers were seen, and the
	// summary of whichever changed last.
	const [seen, setSeen] = useState({ action: actionData, quote: quoteFetcher.data, latest: null as CheckoutSummary | null })
	if (seen.action !== actionData || seen.quote !== quoteFetcher.data) {
		const latest =
			seen.quote !== quoteFetcher.data && quoteFetcher.data?.summary
				? quoteFetcher.data.summary
				: seen.action !== actionData && actionData?.summary
					? actionData.summary
					: seen.latest
		setSeen({ action: actionData, quote: quoteFetcher.data, latest })
	}
	const summary = seen.latest ?? actionData?.summary ?? loaderData.summary
	// Null in a live shop with no real card provider yet (decision 019): PIX only.
	const cardProvider = loaderData.cardProvider
	const [form, fields] = useForm<CheckoutInput>({
		lastResult: actionData?.result,
		defaultValue: { ...loaderData.prefill, paymentMethod: loaderData.pixAvailable || !cardProvider ? 'pix' : 'card', installments: '1' },
		shouldValidate: 'onBlur',
		shouldRevalidate: 'onInput',
		// The server's schema, loaded after the page's first JavaScript (use-checkout-validation.ts).
		onValidate: ({ formData }) => validation.validate(formData),
	})
	const validation = useCheckoutValidation((name) => form.validate({ name }))
	const initialMethod =
		(fields.paymentMethod.initialValue as string | undefined) ?? (loaderData.pixAvailable || !cardProvider ? 'pix' : 'card')
	const [method, setMethod] = useState(initialMethod)
	// Issue 32: a carrier option chosen, or the CEP completed, asks the server for the summary again.
	const requote = () => {
		const element = document.getElementById(form.id)
		if (!(element instanceof HTMLFormElement)) return
		const formData = new FormData(element)
		formData.set('intent', 'quote-shipping')
		quoteFetcher.submit(formData, { method: 'post' })
	}
	const cep = useCepAutofill(
		{
			street: fields.street.id,
			number: fields.number.id,
			district: fields.district.id,
			city: fields.city.id,
			uf: fields.uf.id,
		},
		requote,
	)
	// Issue 31: a guest's contact and address, remembered on this device when she asks.
	const remembered = useRememberedGuest({
		enabled: !loaderData.signedIn,
		fieldIds: {
			name: fields.name.id,
			email: fields.email.id,
			phone: fields.phone.id,
			cpf: fields.cpf.id,
			cep: fields.cep.id,
			street: fields.street.id,
			number: fields.number.id,
			complement: fields.complement.id,
			district: fields.district.id,
			city: fields.city.id,
			uf: fields.uf.id,
		},
		onFilled: requote,
	})
	// Mercado Pago (decision 079): 'Finalizar Pedido' first asks MercadoPago.js for a card token, then
	// submits the form again carrying it (a fresh token per attempt: a token pays once).
	const mercadoPago = method === 'card' ? (cardProvider?.mercadoPago ?? null) : null
	const mpCard = useRef<MercadoPagoCardHandle>(null)
	const tokenReady = useRef(false)
	const [tokenizing, setTokenizing] = useState(false)
	const formProps = getFormProps(form)
	const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		// The browser's validation has not loaded yet: submitted again, by the same button, once it has.
		if (validation.holdSubmit(event)) return
		const placing = submitter instanceof HTMLButtonElement && submitter.name === 'intent' && submitter.value === 'place-order'
		if (placing) remembered.onPlaceOrder(event.currentTarget)
		if (mercadoPago && placing && mpCard.current) {
			if (!tokenReady.current) {
				event.preventDefault()
				if (tokenizing) return
				const element = event.currentTarget
				setTokenizing(true)
				void mpCard.current.tokenize().then((result) => {
					// The button enabled again before it submits: a disabled submitter sends no intent.
					flushSync(() => setTokenizing(false))
					if (!result.ok) return
					tokenReady.current = true
					element.requestSubmit(submitter)
				})
				return
			}
			tokenReady.current = false
		}
		formProps.onSubmit(event)
	}
	const coupon = summary?.totals.coupon
	const totals = summary?.totals
	// PIX pays less when the store gives a PIX discount (computed on the server, issue 13).
	const pixDiscountCents = method === 'pix' ? (totals?.pixDiscountCents ?? 0) : 0
	const payableCents = totals ? totals.totalCents - pixDiscountCents : 0

	const textField = (
		name: FieldName,
		label: string,
		extra: React.ComponentProps<'input'> = {},
		type: 'text' | 'email' | 'tel' = 'text',
	) => {
		const meta = fields[name]
		const { key, ...props } = getInputProps(meta, { type })
		return (
			<div className="flex flex-col gap-1.5">
				<Label htmlFor={meta.id}>{label}</Label>
				<Input key={key} {...props} {...extra} />
				<p id={meta.errorId} className="min-h-5 text-sm text-destructive">
					{meta.errors?.[0] ?? null}
				</p>
			</div>
		)
	}

	return (
		<main className="mx-auto max-w-6xl px-4 py-8">
			<h1 className="mb-6 text-2xl font-bold sm:text-3xl">Finalizar compra</h1>
			<Form
				method="post"
				{...formProps}
				onSubmit={onSubmit}
				onFocus={validation.prefetch}
				onPointerDown={validation.prefetch}
				className="grid gap-8 lg:grid-cols-[1fr_380px]"
			>
				<input type="hidden" name="idempotencyKey" value={actionData?.idempotencyKey ?? loaderData.idempotencyKey} />
				<div className="flex flex-col gap-8">
					{summary && totals ? (
						// On a phone the order comes first, folded (issue 13); the aside keeps it on desktop.
						<details className="group rounded-lg border lg:hidden" data-testid="resumo-celular">
							<summary className="flex cursor-pointer items-center justify-between gap-3 p-4 font-semibold">
								<span>
									Seu pedido ({summary.lines.reduce((sum, line) => sum + line.quantity, 0)}{' '}
									{summary.lines.reduce((sum, line) => sum + line.quantity, 0) === 1 ? 'item' : 'itens'})
								</span>
								<span className="flex items-center gap-2">
									{formatMoney(payableCents)}
									<ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
								</span>
							</summary>
							<div className="border-t p-4">
								<OrderSummaryLines lines={summary.lines} />
							</div>
						</details>
					) : null}
					<fieldset className="flex flex-col gap-1 rounded-lg border p-4 sm:p-6">
						<legend className="px-1 text-lg font-semibold">Contato</legend>
						{textField('name', 'Nome completo', { autoComplete: 'name' })}
						<div className="grid gap-x-4 sm:grid-cols-2">
							{textField('email', 'E-mail', { autoComplete: 'email', placeholder: 'seu@email.com' }, 'email')}
							{/* 'tel', not 'tel-national' (not allowed on type="tel"): a filled '+55 …' loses its country code in maskPhone. */}
							{textField(
								'phone',
								'Telefone',
								{ autoComplete: 'tel', inputMode: 'tel', placeholder: '(11) 91234-5678', onInput: masked(maskPhone) },
								'tel',
							)}
						</div>
						{textField('cpf', 'CPF', { inputMode: 'numeric', placeholder: '000.000.000-00', onInput: masked(maskCpf) })}
					</fieldset>

					<fieldset className="flex flex-col gap-1 rounded-lg border p-4 sm:p-6">
						<legend className="px-1 text-lg font-semibold">Entrega</legend>
						<div className="grid gap-x-4 sm:grid-cols-[200px_1fr]">
							{textField('cep', 'CEP', {
								autoComplete: 'postal-code',
								inputMode: 'numeric',
								placeholder: '00000-000',
								onInput: cep.onCepInput,
								'aria-describedby': `${fields.cep.errorId} cep-status`,
							})}
							{textField('street', 'Rua', { autoComplete: 'address-line1' })}
						</div>
						<p
							id="cep-status"
							aria-live="polite"
							className={cn('-mt-3 mb-2 min-h-5 text-sm', cep.status.kind === 'error' ? 'text-destructive' : 'text-muted-foreground')}
						>
							{cep.status.message}
						</p>
						<div className="grid gap-x-4 sm:grid-cols-[140px_1fr]">
							{textField('number', 'Número')}
							{textField('complement', 'Complemento (opcional)', { autoComplete: 'address-line2' })}
						</div>
						{textField('district', 'Bairro')}
						<div className="grid gap-x-4 sm:grid-cols-[1fr_160px]">
							{textField('city', 'Cidade', { autoComplete: 'address-level2' })}
							<div className="flex flex-col gap-1.5">
								<Label htmlFor={fields.uf.id}>Estado (UF)</Label>
								<select
									id={fields.uf.id}
									name={fields.uf.name}
									key={fields.uf.key}
									defaultValue={(fields.uf.initialValue as string | undefined) ?? ''}
									aria-invalid={fields.uf.errors ? true : undefined}
									aria-describedby={fields.uf.errors ? fields.uf.errorId : undefined}
									autoComplete="address-level1"
									className="h-9 rounded-md border border-input bg-background px-3 text-sm"
								>
									<option value="">Selecione</option>
									{BRAZIL_UFS.map((uf) => (
										<option key={uf} value={uf}>
											{uf}
										</option>
									))}
								</select>
								<p id={fields.uf.errorId} className="min-h-5 text-sm text-destructive">
									{fields.uf.errors?.[0] ?? null}
								</p>
							</div>
						</div>
					</fieldset>

					<RememberGuestOption control={remembered} />
					{loaderData.offerCartReminder ? (
						// Unticked until she ticks it (LGPD); her answer survives a refused order (the reply's initial value).
						<label className="flex items-start gap-2 rounded-lg border p-4 text-sm sm:px-6" data-testid="lembrete-carrinho">
							<input
								key={fields.lembrete.key}
								type="checkbox"
								name={fields.lembrete.name}
								value="sim"
								defaultChecked={fields.lembrete.initialValue === 'sim'}
								className="mt-0.5 size-4"
							/>
							<span>
								{CART_REMINDER_CONSENT_TEXT}{' '}
								<span className="text-muted-foreground">(opcional; desligue quando quiser em Configurações)</span>
								{fields.lembrete.errors ? <span className="block text-destructive">{fields.lembrete.errors[0]}</span> : null}
							</span>
						</label>
					) : null}

					<fieldset className="flex flex-col gap-3 rounded-lg border p-4 sm:p-6">
						<legend className="px-1 text-lg font-semibold">Pagamento</legend>
						<div role="radiogroup" aria-label="Forma de pagamento" className="grid gap-3 sm:grid-cols-2">
							{loaderData.pixAvailable ? (
								<label className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
									<input
										type="radio"
										name="paymentMethod"
										value="pix"
										defaultChecked={initialMethod === 'pix'}
										onChange={() => setMethod('pix')}
									/>
									<span>
										<span className="block font-medium">PIX</span>
										<span className="block text-sm text-muted-foreground">
											{summary && summary.pixDiscountPercent > 0
												? `${formatPercent(summary.pixDiscountPercent)} de desconto no PIX`
												: 'QR Code ou copia e cola'}
										</span>
									</span>
								</label>
							) : null}
							{cardProvider ? (
								<label
									className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
									// The card fields' code loads on the way to choosing the card.
									onPointerEnter={() => prefetchCardFields(Boolean(cardProvider.mercadoPago))}
									onTouchStart={() => prefetchCardFields(Boolean(cardProvider.mercadoPago))}
									onFocus={() => prefetchCardFields(Boolean(cardProvider.mercadoPago))}
								>
									<input
										type="radio"
										name="paymentMethod"
										value="card"
										defaultChecked={initialMethod === 'card'}
										onChange={() => setMethod('card')}
									/>
									<span>
										<span className="block font-medium">Cartão de crédito</span>
										<span className="block text-sm text-muted-foreground">
											{cardProvider.mercadoPago
												? `em até ${loaderData.interestFreeInstallments}x sem juros`
												: totals
													? `em até ${installmentLabel(totals.totalCents)}`
													: 'em até 6x sem juros'}
										</span>
									</span>
								</label>
							) : null}
						</div>
						{cardProvider ? null : <p className="text-sm text-muted-foreground">{CARD_UNAVAILABLE_MESSAGE}</p>}
						<p id={fields.paymentMethod.errorId} className="min-h-5 text-sm text-destructive">
							{fields.paymentMethod.errors?.[0] ?? null}
						</p>
						{method === 'card' && cardProvider?.mercadoPago ? (
							<LazyMercadoPagoCardFields
								ref={mpCard}
								config={cardProvider.mercadoPago}
								totalCents={totals?.totalCents ?? 0}
								interestFreeUpTo={loaderData.interestFreeInstallments}
								defaultInstallments={Number(fields.installments.initialValue ?? 1) || 1}
								serverError={fields.cardToken.errors?.[0]}
								serverErrorId={fields.cardToken.errors}
								installmentsError={fields.installments.errors?.[0]}
							/>
						) : method === 'card' && cardProvider ? (
							<LazyTestCardFields
								provider={cardProvider}
								totalCents={totals?.totalCents ?? 0}
								defaultInstallments={Number(fields.installments.initialValue ?? 1) || 1}
								serverError={fields.cardToken.errors?.[0]}
								serverErrorId={fields.cardToken.errors}
								installmentsError={fields.installments.errors?.[0]}
							/>
						) : null}
					</fieldset>
				</div>

				<aside className="flex h-fit flex-col gap-4 rounded-lg border p-4 sm:p-6 lg:sticky lg:top-24" aria-labelledby="checkout-summary">
					<h2 id="checkout-summary" className="text-lg font-semibold">
						Resumo do pedido
					</h2>
					{summary ? (
						<div className="hidden lg:block">
							<OrderSummaryLines lines={summary.lines} />
						</div>
					) : null}
					<div className="flex flex-col gap-1.5">
						<Label htmlFor={fields.couponCode.id}>Cupom de desconto</Label>
						<div className="flex gap-2">
							{(() => {
								const { key, ...props } = getInputProps(fields.couponCode, { type: 'text' })
								return <Input key={key} {...props} autoComplete="off" className="uppercase" placeholder="CÓDIGO" />
							})()}
							<Button type="submit" name="intent" value="apply-coupon" variant="outline" disabled={busyIntent != null}>
								{busyIntent === 'apply-coupon' ? 'Aplicando...' : 'Aplicar'}
							</Button>
						</div>
						<p id={fields.couponCode.errorId} className="min-h-5 text-sm text-destructive" role="status">
							{fields.couponCode.errors?.[0] ?? (coupon?.status === 'rejected' ? coupon.reason : null)}
						</p>
						{coupon?.status === 'applied' ? (
							<p className="text-sm text-green-700 dark:text-green-400" role="status">
								Cupom {summary?.couponCode} aplicado!
							</p>
						) : null}
					</div>
					{totals ? (
						<>
							<OrderTotals
								totals={{
									...totals,
									couponCode: coupon?.status === 'applied' ? (summary?.couponCode ?? null) : null,
									pixDiscountCents,
									totalCents: payableCents,
								}}
							/>
							{summary ? <ShippingEstimate summary={summary} busy={quoteFetcher.state !== 'idle'} onChoose={requote} /> : null}
							{totals.shippingCents > 0 && summary && totals.subtotalCents < summary.freeShippingThresholdCents ? (
								<p className="text-sm text-muted-foreground">
									Frete grátis em compras a partir de {formatMoney(summary.freeShippingThresholdCents)}.
								</p>
							) : totals.shippingCents > 0 && summary?.shippingOptions.some((o) => o.chargedCents === 0) ? (
								// Issue 32: above the threshold a paid service was chosen; the free one is in the list.
								<p className="text-sm text-muted-foreground">O frete grátis vale para a opção marcada como Grátis.</p>
							) : null}
						</>
					) : null}
					{form.errors?.length ? (
						<p id={form.errorId} role="alert" className="text-sm font-medium text-destructive">
							{form.errors[0]}
						</p>
					) : null}
					<Button type="submit" name="intent" value="place-order" size="lg" disabled={busyIntent != null || tokenizing}>
						{busyIntent === 'place-order' || tokenizing ? 'Finalizando...' : 'Finalizar Pedido'}
					</Button>
					<p className="text-xs text-muted-foreground">
						Ao finalizar, você concorda com os{' '}
						<Link to="/termos-de-uso" target="_blank" className="underline underline-offset-2">
							Termos de uso
						</Link>{' '}
						e a{' '}
						<Link to="/privacidade" target="_blank" className="underline underline-offset-2">
							Política de privacidade
						</Link>
						. Veja também{' '}
						<Link to="/trocas-e-devolucoes" target="_blank" className="underline underline-offset-2">
							Trocas e devoluções
						</Link>
						.
					</p>
				</aside>
			</Form>
		</main>
	)
}

/**
 * The shipping options after the CEP (issue 32, decision 087): carrier, service, price and dates,
 * the selected one checked; choosing another asks the server again (`onChoose`), which puts it in
 * the totals. Only the option's id is sent: the price is quoted again on 'Finalizar Pedido'. The
 * regional table's one option is told as before, as a line.
 */
function ShippingEstimate({ summary, busy, onChoose }: { summary: CheckoutSummary; busy: boolean; onChoose: () => void }) {
	const options = summary.shippingOptions
	if (options.length > 1 || (options.length === 1 && options[0]?.id !== 'tabela')) {
		return (
			<fieldset className="flex flex-col gap-2 text-sm" data-testid="opcoes-frete" aria-busy={busy || undefined}>
				<legend className="mb-1 font-medium">Entrega</legend>
				{options.map((option) => (
					<label key={option.id} className="flex cursor-pointer items-start gap-2 rounded-md border p-2 has-[:checked]:border-primary">
						<input
							type="radio"
							name="shippingOption"
							value={option.id}
							defaultChecked={option.id === summary.selectedShipping}
							onChange={onChoose}
							className="mt-1 size-4"
						/>
						<span className="flex flex-1 flex-col">
							<span className="flex justify-between gap-2">
								<span className="font-medium">{option.carrier ? `${option.carrier} ${option.service}` : option.service}</span>
								<span>{option.chargedCents === 0 ? 'Grátis' : formatMoney(option.chargedCents)}</span>
							</span>
							<span className="text-muted-foreground">{formatPromise(option.promise)}</span>
						</span>
					</label>
				))}
			</fieldset>
		)
	}
	const quote = summary.shippingQuote
	return (
		<p className="text-sm" data-testid="prazo-entrega" aria-live="polite">
			{busy ? (
				<span className="text-muted-foreground">Calculando o frete...</span>
			) : quote ? (
				<>
					Entrega para {quote.regionLabel} ({quote.uf}):{' '}
					<strong>{summary.deliveryPromise ? formatPromise(summary.deliveryPromise) : formatDeliveryWindow(quote.minDays, quote.maxDays)}</strong>
				</>
			) : (
				<span className="text-muted-foreground">Informe o CEP para calcular o frete e o prazo de entrega.</span>
			)}
			{summary.selectedShipping === 'tabela' ? <input type="hidden" name="shippingOption" value="tabela" /> : null}
		</p>
	)
}
