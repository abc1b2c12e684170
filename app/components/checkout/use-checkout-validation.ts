import { parse } from '@conform-to/react'
import { useEffect } from 'react'
import { usePrefetchAfterFirstInput } from '~/components/ui/lazy-overlay'
import type * as ValidationModule from './checkout-validation'
import { loadOnce } from '~/utils/load-once'

type Validation = typeof ValidationModule
type CheckoutSubmission = ReturnType<Validation['validateCheckout']>

/** The name of the hidden button with which conform submits its validation requests. */
const CONFORM_INTENT = '__intent__'

/** The module could not be loaded for a held submission: the form goes to the server, which checks it. */
let unavailable = false
/** Fields left before the module came, validated when it does; and how (the form's `form.validate`). */
const pending = new Set<string>()
let revalidateField: ((name: string) => void) | null = null

/** Loads the checkout's validation (zod and the schema) once; a failed load may be tried again. */
const checkoutValidation = loadOnce(() => import('./checkout-validation'))
export const loadCheckoutValidation = checkoutValidation.load

function validatePending() {
	const names = [...pending]
	pending.clear()
	for (const name of names) revalidateField?.(name)
}

const prefetch = () => void loadCheckoutValidation().catch(() => undefined)

/** conform's onValidate. */
function validate(formData: FormData): CheckoutSubmission {
	const loaded = checkoutValidation.current()
	if (loaded) return loaded.validateCheckout(formData)
	return parse<never, string[]>(formData, {
		resolve(_payload, intent) {
			// A submission (no intent) reaches here only when the module failed to load: error null lets it go.
			if (!intent) return { error: unavailable ? null : {} }
			if (intent.type === 'validate' && intent.payload.name) {
				pending.add(intent.payload.name)
				void loadCheckoutValidation().then(validatePending, () => pending.clear())
			}
			// Shows and clears nothing: an error given as null stays as it is (conform's report), and a
			// non-null map keeps conform from sending this validation to the server.
			const names = new Set(['', ...formData.keys()])
			return { error: Object.fromEntries([...names].map((name) => [name, null])) }
		},
	}) as unknown as CheckoutSubmission
}

/**
 * For the form's onSubmit, before conform's: true when the submission was held because the
 * validation has not come yet; the same button submits again once it has.
 */
function holdSubmit(event: React.FormEvent<HTMLFormElement>): boolean {
	const submitter = (event.nativeEvent as SubmitEvent).submitter
	// conform's own validation requests (a field left) go to `validate`.
	if (checkoutValidation.current() || unavailable || (submitter instanceof HTMLButtonElement && submitter.name === CONFORM_INTENT)) return false
	event.preventDefault()
	const element = event.currentTarget
	const again = () => element.isConnected && element.requestSubmit(submitter instanceof HTMLElement ? submitter : null)
	void loadCheckoutValidation().then(again, () => {
		unavailable = true
		again()
	})
	return true
}

/**
 * The checkout form's client validation without zod in the page's first load (issue 34, decision
 * 137). The schema's module loads once the page has been used and is idle, or at once when the shopper focuses or
 * touches the form (`prefetch`, for the form's onFocus and onPointerDown). Until it has come:
 * - a field left (conform's blur validation) shows and clears nothing; that field is validated as
 *   soon as the module arrives, so its message appears then;
 * - 'Finalizar Pedido' or 'Aplicar' waits for it and then submits again (`holdSubmit`), so the
 *   browser never sends the form unchecked (the server checks it anyway).
 * `revalidate` is conform's `form.validate`. One checkout form is on a page at a time.
 */
export function useCheckoutValidation(revalidate: (name: string) => void) {
	usePrefetchAfterFirstInput(loadCheckoutValidation)
	useEffect(() => {
		revalidateField = revalidate
	})
	return { prefetch, validate, holdSubmit }
}
