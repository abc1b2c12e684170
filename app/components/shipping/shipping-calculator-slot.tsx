import type * as ShippingCalculatorModule from './shipping-calculator'
import { DeferredPart } from '~/components/ui/deferred-part'
import { loadOnce } from '~/utils/load-once'

/*
 * 'Calcular frete' on the product page, out of its first load (issue 34, decision 146). Its code
 * loads when the shopper first touches, focuses or types in it, or at once after hydration when
 * this device remembers a CEP (quoted by itself, decision 113). Until then the server's form is
 * kept: a CEP typed there is read back, and 'Calcular' (or Enter) pressed before the code came is
 * held and sent by the calculator once it has (components/ui/deferred-part.tsx). The cart drawer
 * imports the calculator itself: the drawer's code loads when it opens.
 */

/** Loads the calculator's module once (a failed load may be tried again). */
const shippingCalculator = loadOnce(() => import('./shipping-calculator'))
export const loadShippingCalculator = shippingCalculator.load

/**
 * Whether this device remembers a CEP: remembered-cep.ts's key, read here without that module (and
 * the CEP rules it imports), which the calculator imports too and would become two more files of the
 * page's first load (remembered-cep.test.ts checks the two agree). The calculator checks the value.
 */
export function hasRememberedCep(): boolean {
	try {
		return Boolean(window.localStorage.getItem('loja:cep'))
	} catch {
		return false
	}
}

export function ShippingCalculatorSlot({ target }: { target: ShippingCalculatorModule.QuoteTarget | null }) {
	return (
		<DeferredPart
			part={shippingCalculator}
			when="interaction"
			now={hasRememberedCep}
			restore={(module, server, actions) => module.readTypedCep(server, actions.submitted)}
			render={(module, initial) => <module.ShippingCalculator target={target} initial={initial} />}
		/>
	)
}
