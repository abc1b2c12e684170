import { type RefObject, useEffect, useState } from 'react'
import { useBlocker } from 'react-router'

export const UNSAVED_CHANGES_MESSAGE = 'Você tem alterações não salvas. Sair mesmo assim?'

/**
 * Warns before leaving a back-office form with unsaved changes (issue 11): a link inside the
 * app asks first (React Router's blocker), and closing or reloading the tab gets the browser's
 * own prompt. Typing marks the form changed; sending it clears the mark.
 */
export function useUnsavedChangesWarning(formRef: RefObject<HTMLFormElement | null>) {
	const [dirty, setDirty] = useState(false)

	useEffect(() => {
		const form = formRef.current
		if (!form) return
		const onInput = () => setDirty(true)
		const onSubmit = () => setDirty(false)
		form.addEventListener('input', onInput)
		form.addEventListener('submit', onSubmit)
		return () => {
			form.removeEventListener('input', onInput)
			form.removeEventListener('submit', onSubmit)
		}
	}, [formRef])

	useEffect(() => {
		if (!dirty) return
		const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault()
		window.addEventListener('beforeunload', onBeforeUnload)
		return () => window.removeEventListener('beforeunload', onBeforeUnload)
	}, [dirty])

	const blocker = useBlocker(({ currentLocation, nextLocation, historyAction }) => {
		// A form's own submission navigates (POST, then the redirect): never blocked.
		return dirty && historyAction !== 'REPLACE' && currentLocation.pathname !== nextLocation.pathname
	})
	useEffect(() => {
		if (blocker.state !== 'blocked') return
		if (window.confirm(UNSAVED_CHANGES_MESSAGE)) blocker.proceed()
		else blocker.reset()
	}, [blocker])
}

/**
 * Issue 30: a change made with a button (a chip removed, a picture moved or removed) types
 * nothing: this tells the form's unsaved-changes warning, as typing would.
 */
export function markFormChanged(element: { form: HTMLFormElement | null }) {
	element.form?.dispatchEvent(new Event('input', { bubbles: true }))
}
