import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { LoadOnce } from '~/utils/load-once'
import { useHydrated } from '~/utils/use-hydrated'

/*
 * A part of a page whose code is not in the page's first load (issue 34, decisions 138 and 146),
 * without the late hydration decision 124 reverted (a lost click, error #418):
 * - on the server, the route's loader has loaded the part's module, and the part is drawn in full;
 * - while React hydrates the page, the part is an element whose inner HTML React leaves alone
 *   (`dangerouslySetInnerHTML` of one constant object: React compares it by identity and never
 *   rewrites it), so the server's HTML stays as it is and no text can mismatch;
 * - until the code comes, that HTML is plain HTML: a radio clicked stays checked, text typed stays
 *   in its field; a form's submission is held (never sent by the browser on its own) and handed
 *   to the part with what was typed;
 * - the code is asked for when the part comes near the viewport (`near`) or when the shopper first
 *   touches, focuses or types in it (`interaction`), or at once when `now()` says so after hydration;
 * - once it has come (and a press in progress in it has been released), `restore` reads what the
 *   shopper did from the server's HTML, and the part is drawn with it in the same task (nothing
 *   typed in between is lost), the focus given back, and a plain button pressed in the server's
 *   HTML (a footer section's, decision 148) pressed again;
 * - on a client navigation the route's clientLoader has loaded the module: drawn at once (and if it
 *   could not, asked for at once: there is no server HTML to keep).
 */

/** What happened in the server's HTML before the code came. */
export type ServerHtmlActions = {
	/** A form in it was submitted (Enter, or its button): the part should send it. */
	submitted: boolean
}

export type DeferredPartProps<M, R> = {
	part: LoadOnce<M>
	/** When the code is asked for while the server's HTML is kept. */
	when: 'near' | 'interaction'
	/** After hydration: ask for the code at once (e.g. a remembered CEP to quote). */
	now?: () => boolean
	/** Reads what the shopper did in the server's HTML; runs once, just before the part is drawn. */
	restore?: (module: M, server: HTMLElement, actions: ServerHtmlActions) => R
	render: (module: M, restored: R | undefined) => ReactNode
	className?: string
}

/** How far below the viewport a `near` part starts loading its code. */
const NEAR_VIEWPORT = '600px'

/** React compares this by identity: the same object never makes it rewrite the server's HTML. */
const SERVER_HTML = { __html: '' }

/** Buttons whose press is replayed once drawn; a submit button's is the form's submission (`submitted`), not replayed. */
const PRESSABLE = 'button[type="button"]'

/** What starts the load of an `interaction` part (and of a `near` part reached another way). */
const INTERACTIONS = ['pointerdown', 'focusin', 'input'] as const

type FocusedField = { selector: string; start: number | null; end: number | null }

/** The field of the server's HTML that has the focus, found again by its name (ids differ once drawn). */
function focusedField(container: HTMLElement): FocusedField | null {
	const active = document.activeElement
	if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) || !container.contains(active) || !active.name) return null
	const radio = active instanceof HTMLInputElement && active.type === 'radio'
	const selector = radio ? `input[type="radio"][name="${active.name}"][value="${active.value}"]` : `[name="${active.name}"]`
	const text = active instanceof HTMLTextAreaElement || ['text', 'search', 'email', 'tel', 'url'].includes(active.type)
	return { selector, start: text ? active.selectionStart : null, end: text ? active.selectionEnd : null }
}

function refocus(container: HTMLElement, field: FocusedField | null) {
	if (!field) return
	const element = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(field.selector)
	element?.focus({ preventScroll: true })
	if (element && field.start !== null) element.setSelectionRange(field.start, field.end)
}

type Drawn<M, R> = { module: M; restored?: R }

export function DeferredPart<M, R = never>({ part, when, now, restore, render, className }: DeferredPartProps<M, R>) {
	const afterHydration = useHydrated()
	const onServer = typeof document === 'undefined'
	// On the server and on a client navigation the module is there (loader, clientLoader); while
	// hydrating, the server's HTML is kept until the code comes.
	const [drawn, setDrawn] = useState<Drawn<M, R> | null>(() => {
		const loaded = part.current()
		return loaded && (afterHydration || onServer) ? { module: loaded } : null
	})
	// Whether this element holds the server's HTML (mounted by hydration), or nothing (a client render).
	const [keepsServerHtml] = useState(() => !afterHydration)
	const container = useRef<HTMLDivElement>(null)
	// The caller's latest functions, read when the effect needs them (not reasons to set it up again).
	const wantedNow = useEffectEvent(() => now?.() ?? false)
	const readBack = useEffectEvent((module: M, element: HTMLElement, actions: ServerHtmlActions) => restore?.(module, element, actions))

	useEffect(() => {
		const element = container.current
		if (drawn || !element) return
		let done = false
		let loading = false
		const actions: ServerHtmlActions = { submitted: false }
		let pressed = -1
		// A press in progress inside the part: drawing now would swap the pressed element for a new
		// one before its release, and the browser sends no click at all (press and release on
		// different elements). The code waits for the release; the click lands on the server's HTML.
		let pressing = false
		let held: M | null = null
		const draw = (module: M) => {
			if (done) return
			if (pressing) {
				held = module
				return
			}
			done = true
			const focused = focusedField(element)
			const restored = keepsServerHtml ? readBack(module, element, actions) : undefined
			flushSync(() => setDrawn({ module, restored }))
			refocus(element, focused)
			// The same button in the drawn part (the same markup, so the same place among its buttons).
			if (pressed >= 0) element.querySelectorAll<HTMLButtonElement>(PRESSABLE)[pressed]?.click()
		}
		const start = () => {
			if (loading || done) return
			loading = true
			// A failed load leaves the server's HTML; the next touch (or approach) asks again.
			part.load().then(draw, () => {
				loading = false
			})
		}
		// The browser would send the server's form by itself (to a JSON answer): held for the part.
		const hold = (event: Event) => {
			if (done) return
			event.preventDefault()
			actions.submitted = true
			start()
		}
		// A plain button pressed in the server's HTML did nothing: pressed again once the part is drawn.
		const press = (event: Event) => {
			const button = event.target instanceof Element ? event.target.closest(PRESSABLE) : null
			if (done || !button) return
			pressed = [...element.querySelectorAll(PRESSABLE)].indexOf(button)
			start()
		}
		const down = () => {
			pressing = true
		}
		// The release may land outside the part. A mouse's click follows its release in the same task,
		// so the part is drawn after it (and a pressed button's press replayed in it).
		const release = () => {
			pressing = false
			const module = held
			held = null
			if (module) setTimeout(() => draw(module))
		}
		element.addEventListener('pointerdown', down, true)
		window.addEventListener('pointerup', release, true)
		window.addEventListener('pointercancel', release, true)
		element.addEventListener('submit', hold, true)
		element.addEventListener('click', press, true)
		for (const type of INTERACTIONS) element.addEventListener(type, start, true)
		let observer: IntersectionObserver | null = null
		if (!keepsServerHtml || wantedNow()) start()
		else if (when === 'near' && typeof IntersectionObserver !== 'undefined') {
			observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
				rootMargin: `0px 0px ${NEAR_VIEWPORT} 0px`,
			})
			observer.observe(element)
		}
		return () => {
			done = true
			observer?.disconnect()
			element.removeEventListener('pointerdown', down, true)
			window.removeEventListener('pointerup', release, true)
			window.removeEventListener('pointercancel', release, true)
			element.removeEventListener('submit', hold, true)
			element.removeEventListener('click', press, true)
			for (const type of INTERACTIONS) element.removeEventListener(type, start, true)
		}
	}, [drawn, part, when, keepsServerHtml])

	if (drawn) {
		return (
			<div ref={container} className={className}>
				{render(drawn.module, drawn.restored)}
			</div>
		)
	}
	return <div ref={container} className={className} suppressHydrationWarning dangerouslySetInnerHTML={SERVER_HTML} />
}
