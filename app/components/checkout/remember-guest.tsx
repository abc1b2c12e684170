import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Button } from '~/components/ui/button'
import {
	REMEMBERED_GUEST_FIELDS,
	REMEMBERED_GUEST_KEY,
	type RememberedGuest,
	type RememberedGuestField,
	deviceStorage,
	forgetGuest,
	parseRememberedGuest,
	readRememberedGuest,
	rememberGuest,
} from './remembered-guest'

export type RememberedGuestControl = {
	/** In a browser whose storage can be used: the option is offered only then. */
	ready: boolean
	/** This device holds her data now. */
	stored: boolean
	/** 'Lembrar meus dados neste dispositivo' ticked. */
	checked: boolean
	/** 'Esquecer meus dados' was just used: said once, politely. */
	forgotten: boolean
	setChecked: (checked: boolean) => void
	forget: () => void
	/** 'Finalizar Pedido': keeps the form's contact and address when ticked, else forgets them. */
	onPlaceOrder: (form: HTMLFormElement) => void
}

/** The device's storage as an outside store: this page's writes and other tabs' ('storage') notify. */
const listeners = new Set<() => void>()
function subscribe(onChange: () => void) {
	listeners.add(onChange)
	window.addEventListener('storage', onChange)
	return () => {
		listeners.delete(onChange)
		window.removeEventListener('storage', onChange)
	}
}
const changed = () => listeners.forEach((listener) => listener())
/** undefined: no usable storage (or the server); null: nothing kept; else the kept text. */
function storedText(): string | null | undefined {
	const storage = deviceStorage()
	if (!storage) return undefined
	try {
		return storage.getItem(REMEMBERED_GUEST_KEY)
	} catch {
		return undefined
	}
}

/**
 * The checkout's memory of a guest (issue 31; see remembered-guest.ts). At mount, what this
 * device remembers fills the fields still empty (never over what the server or the shopper put
 * there) and, with a CEP, asks for the shipping quote (`onFilled`; again when 'Esquecer' empties
 * the CEP). The option starts ticked only when something is remembered (she chose it last time);
 * a first visit starts unticked (opt-in, decision 126). Only for guests (`enabled`): a signed-in
 * shopper's data comes from her account.
 */
export function useRememberedGuest({
	enabled,
	fieldIds,
	onFilled,
}: {
	enabled: boolean
	fieldIds: Record<RememberedGuestField, string>
	onFilled: () => void
}): RememberedGuestControl {
	const text = useSyncExternalStore(subscribe, storedText, () => undefined)
	const stored = text != null && parseRememberedGuest(text) !== null
	// null: not chosen on this page yet, so ticked when something is remembered.
	const [choice, setChoice] = useState<boolean | null>(null)
	const [forgotten, setForgotten] = useState(false)
	const filled = useRef<RememberedGuest>({})
	const mount = useRef({ fieldIds, onFilled })
	useEffect(() => {
		if (!enabled) return
		const guest = readRememberedGuest(deviceStorage())
		let cepFilled = false
		for (const field of REMEMBERED_GUEST_FIELDS) {
			const value = guest?.[field]
			const element = document.getElementById(mount.current.fieldIds[field])
			if (!value || !(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || element.value) continue
			// Set without an input event: the CEP's would look the address up again and move the focus.
			element.value = value
			filled.current[field] = value
			if (field === 'cep') cepFilled = true
		}
		if (cepFilled) mount.current.onFilled()
	}, [enabled])
	return {
		ready: enabled && text !== undefined,
		stored,
		checked: choice ?? stored,
		forgotten,
		setChecked: (checked) => {
			setChoice(checked)
			setForgotten(false)
		},
		forget: () => {
			forgetGuest(deviceStorage())
			changed()
			// What came from the device leaves the form too (a shared computer); what she typed since stays.
			let cepCleared = false
			for (const [field, value] of Object.entries(filled.current) as [RememberedGuestField, string][]) {
				const element = document.getElementById(fieldIds[field])
				if ((element instanceof HTMLInputElement || element instanceof HTMLSelectElement) && element.value === value) {
					element.value = ''
					if (field === 'cep') cepCleared = true
				}
			}
			filled.current = {}
			setChoice(false)
			setForgotten(true)
			// The shipping quoted for that CEP goes with it.
			if (cepCleared) onFilled()
		},
		onPlaceOrder: (form) => {
			if (!enabled || text === undefined) return
			if (choice ?? stored) rememberGuest(deviceStorage(), new FormData(form))
			else forgetGuest(deviceStorage())
			changed()
		},
	}
}

/** The option under the address: tick to remember, and 'Esquecer meus dados' while remembered. */
export function RememberGuestOption({ control }: { control: RememberedGuestControl }) {
	if (!control.ready) return null
	return (
		<div className="flex flex-col gap-1.5 rounded-lg border p-4 sm:px-6" data-testid="lembrar-dados">
			<label className="flex items-center gap-2 text-sm font-medium">
				{/* No name: the choice stays in the browser, the server never receives it. */}
				<input
					type="checkbox"
					checked={control.checked}
					onChange={(event) => control.setChecked(event.currentTarget.checked)}
					aria-describedby="lembrar-dados-ajuda"
					className="size-4"
				/>
				Lembrar meus dados neste dispositivo
			</label>
			<p id="lembrar-dados-ajuda" className="text-xs text-muted-foreground">
				Nome, contato e endereço ficam guardados só neste navegador, para a próxima compra. Dados do cartão nunca são guardados.
			</p>
			{control.stored ? (
				<Button type="button" variant="link" size="sm" className="h-auto self-start p-0" onClick={control.forget}>
					Esquecer meus dados
				</Button>
			) : null}
			<p aria-live="polite" className="text-xs text-muted-foreground">
				{control.forgotten ? 'Seus dados foram apagados deste dispositivo.' : ''}
			</p>
		</div>
	)
}
