import { lazy, Suspense } from 'react'
import { useHydrated } from '~/utils/use-hydrated'
import type { CardFieldsSection as CardFieldsSectionType } from './card-fields'
import type { MercadoPagoCardFields as MercadoPagoCardFieldsType } from './mercadopago-card-fields'

/*
 * The card's payment UI (issue 34, decision 137): the test provider's fields with their card rules,
 * or Mercado Pago's secure fields with its SDK loader and instalment quotes. A PIX payment needs
 * none of it, so neither is in the checkout's first load: the chosen one loads when the card option
 * is chosen (and starts when the pointer or focus reaches it).
 */
const loadTestCard = () => import('./card-fields')
const loadMercadoPago = () => import('./mercadopago-card-fields')
const TestCardFields = lazy(() => loadTestCard().then((module) => ({ default: module.CardFieldsSection })))
const MercadoPagoFields = lazy(() => loadMercadoPago().then((module) => ({ default: module.MercadoPagoCardFields })))

/** Starts loading the card fields of this provider (the card option's onPointerEnter, onFocus, onTouchStart). */
export function prefetchCardFields(mercadoPago: boolean) {
	void (mercadoPago ? loadMercadoPago() : loadTestCard()).catch(() => undefined)
}

/**
 * The place the fields take while their code loads, about their height: the page does not jump
 * when they come. The server draws it too when the card is the preselected method (a store
 * without PIX): the card needs JavaScript anyway (its token is made in the browser), and a lazy
 * boundary hydrated late would lose early input (decision 124).
 */
function CardFieldsPlaceholder({ tall }: { tall: boolean }) {
	return (
		<div role="status" className={tall ? 'h-128 animate-pulse rounded-md bg-muted' : 'h-96 animate-pulse rounded-md bg-muted'}>
			<span className="sr-only">Carregando os campos do cartão...</span>
		</div>
	)
}

export function LazyTestCardFields(props: React.ComponentProps<typeof CardFieldsSectionType>) {
	const fallback = <CardFieldsPlaceholder tall={props.provider.isTest} />
	if (!useHydrated()) return fallback
	return (
		<Suspense fallback={fallback}>
			<TestCardFields {...props} />
		</Suspense>
	)
}

export function LazyMercadoPagoCardFields(props: React.ComponentProps<typeof MercadoPagoCardFieldsType>) {
	const fallback = <CardFieldsPlaceholder tall={false} />
	if (!useHydrated()) return fallback
	return (
		<Suspense fallback={fallback}>
			<MercadoPagoFields {...props} />
		</Suspense>
	)
}
