import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type * as ReviewFormModule from './review-form'
import type { ReviewFormProps, ReviewFormValues } from './review-form'
import { loadOnce } from '~/utils/load-once'
import { useHydrated } from '~/utils/use-hydrated'

/*
 * The review form's code out of the product page's first load (issue 34). The form sits at the
 * bottom of the page, so its code loads when it comes near the viewport. Decision 124 lost a star
 * click and met error #418 with a `lazy` boundary hydrated late; here nothing hydrates late:
 * - on the server, the route's loader has loaded the module and the form is drawn in full;
 * - while React hydrates the page, the slot is an element whose inner HTML React leaves alone
 *   (`dangerouslySetInnerHTML`, never rewritten: the same object each render), so the server's
 *   form stays as it is and there is no text to mismatch;
 * - until the code comes, that form is plain HTML: a star clicked checks its radio, a comment
 *   typed stays in the textarea, and the submit button stays disabled (no star on the server), so
 *   nothing is sent unchecked; once the code has come, the slot reads what was chosen and typed,
 *   and draws the form with it in the same task (nothing typed in between is lost), focus kept.
 * - on a client navigation, the route's clientLoader has loaded the module: drawn at once.
 */

/** Loads the form's module once (a failed load may be tried again). */
const reviewForm = loadOnce(() => import('./review-form'))
export const loadReviewForm = reviewForm.load

/** How far below the viewport the form starts loading its code. */
const NEAR_VIEWPORT = '600px'

/** React compares this by identity: the same object never makes it rewrite the server's HTML. */
const SERVER_HTML = { __html: '' }

/** What the shopper chose and typed in the server's form. */
function readServerForm(container: HTMLElement): ReviewFormValues {
	return {
		rating: Number(container.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value ?? 0),
		comment: container.querySelector<HTMLTextAreaElement>('textarea[name="comment"]')?.value ?? '',
		name: container.querySelector<HTMLInputElement>('input[name="name"]')?.value ?? '',
	}
}

type FocusedField = { selector: string; start: number | null; end: number | null }

/** The field of the server's form that has the focus, to give it back once the form is redrawn. */
function focusedField(container: HTMLElement): FocusedField | null {
	const active = document.activeElement
	if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) || !container.contains(active)) return null
	const selector =
		active instanceof HTMLInputElement && active.type === 'radio' ? `input[type="radio"][value="${active.value}"]` : `[name="${active.name}"]`
	const text = active instanceof HTMLTextAreaElement || active.type === 'text'
	return { selector, start: text ? active.selectionStart : null, end: text ? active.selectionEnd : null }
}

function refocus(container: HTMLElement, field: FocusedField | null) {
	if (!field) return
	const element = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(field.selector)
	element?.focus({ preventScroll: true })
	if (element && field.start !== null) element.setSelectionRange(field.start, field.end)
}

type Drawn = { Form: typeof ReviewFormModule.ReviewForm; initial?: ReviewFormValues }

export function ReviewFormSlot(props: Omit<ReviewFormProps, 'initial'>) {
	const afterHydration = useHydrated()
	// On the server and on a client navigation the module is there (loader, clientLoader); while
	// hydrating, the server's form is kept until the code comes.
	const [drawn, setDrawn] = useState<Drawn | null>(() => {
		const loaded = reviewForm.current()
		return loaded && (afterHydration || typeof document === 'undefined') ? { Form: loaded.ReviewForm } : null
	})
	const container = useRef<HTMLDivElement>(null)

	useEffect(() => {
		const element = container.current
		if (drawn || !element) return
		let done = false
		const draw = (module: typeof ReviewFormModule) => {
			if (done) return
			done = true
			const focused = focusedField(element)
			flushSync(() => setDrawn({ Form: module.ReviewForm, initial: readServerForm(element) }))
			refocus(element, focused)
		}
		const observer = new IntersectionObserver(
			(entries) => {
				if (!entries.some((entry) => entry.isIntersecting)) return
				observer.disconnect()
				// A failed load leaves the server's form; its submit stays disabled.
				loadReviewForm().then(draw, () => undefined)
			},
			{ rootMargin: `0px 0px ${NEAR_VIEWPORT} 0px` },
		)
		observer.observe(element)
		return () => {
			done = true
			observer.disconnect()
		}
	}, [drawn])

	if (drawn) {
		return (
			<div ref={container} data-review-form="">
				<drawn.Form {...props} initial={drawn.initial} />
			</div>
		)
	}
	return <div ref={container} data-review-form="" suppressHydrationWarning dangerouslySetInnerHTML={SERVER_HTML} />
}
