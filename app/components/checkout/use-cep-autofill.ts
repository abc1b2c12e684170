import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { CepLookupResponse } from '~/routes/resources/cep'
import { maskCep } from '~/utils/input-masks'

export type CepFieldIds = { street: string; number: string; district: string; city: string; uf: string }
export type CepStatus = { kind: 'idle' | 'loading' | 'done' | 'error'; message: string }

/**
 * The checkout's CEP field (issue 13): masks it as typed and, at eight digits, asks
 * /resources/cep for the address and fills street, district, city and state, then moves on
 * to the first field still to type (the number when the street came back). Fields the
 * service leaves empty keep what the shopper typed; nothing is required of the lookup, the
 * form works the same without it. The focus moves only if it is still on the CEP when the answer
 * comes (a slow answer must not pull a shopper who typed on out of the field she is in).
 */
export function useCepAutofill(ids: CepFieldIds, onCepComplete?: (digits: string) => void) {
	const [status, setStatus] = useState<CepStatus>({ kind: 'idle', message: '' })
	const asked = useRef('')
	const inFlight = useRef<AbortController | null>(null)
	useEffect(() => () => inFlight.current?.abort(), [])

	function onCepInput(event: FormEvent<HTMLInputElement>) {
		const input = event.currentTarget
		input.value = maskCep(input.value)
		const digits = input.value.replace(/\D/g, '')
		if (digits.length !== 8 || digits === asked.current) return
		asked.current = digits
		// The shipping quote needs only the CEP: asked at once, beside the address lookup.
		onCepComplete?.(digits)
		inFlight.current?.abort()
		const controller = new AbortController()
		inFlight.current = controller
		setStatus({ kind: 'loading', message: 'Buscando endereço...' })
		fetch(`/resources/cep/${digits}`, { signal: controller.signal, headers: { accept: 'application/json' } })
			.then((response) => response.json() as Promise<CepLookupResponse>)
			.then((body) => {
				if (controller.signal.aborted) return
				if (!body.ok) {
					setStatus({ kind: 'error', message: body.message })
					return
				}
				const { address } = body
				fill(ids.street, address.street)
				fill(ids.district, address.district)
				fill(ids.city, address.city)
				fill(ids.uf, address.uf)
				// Onwards to the first field still to type, only while the shopper waits on the CEP: one
				// who has moved on is typing elsewhere, and her next keys would land in the wrong field.
				const waiting = document.activeElement === input || document.activeElement === document.body
				const next = address.street ? ids.number : ids.street
				if (waiting) document.getElementById(next)?.focus()
				setStatus({
					kind: 'done',
					message:
						address.source === 'online'
							? 'Endereço encontrado pelo CEP. Confira e informe o número.'
							: 'Estado preenchido pelo CEP. Complete o endereço.',
				})
			})
			.catch(() => {
				if (controller.signal.aborted) return
				// Asked again when the shopper edits the CEP.
				asked.current = ''
				setStatus({ kind: 'error', message: 'Não foi possível buscar o CEP agora. Preencha o endereço.' })
			})
	}

	return { status, onCepInput }
}

/** Sets an uncontrolled field (Conform reads the DOM) and lets the form hear it. */
function fill(id: string, value: string) {
	const field = document.getElementById(id)
	if (!value || !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) return
	field.value = value
	field.dispatchEvent(new Event('input', { bubbles: true }))
	field.dispatchEvent(new Event('change', { bubbles: true }))
}
