import type { ExternalToast } from 'sonner'
import type * as SonnerModule from 'sonner'

/*
 * Toasts without sonner in the first load (decision 016). `toast` has the sonner calls the
 * shop uses; each one asks the outlet (<Toaster>, in the root) to mount, waits until sonner
 * is loaded and its Toaster is subscribed, then shows the toast. The outlet also mounts by
 * itself once the page has been used and is idle (utils/after-first-input.ts), so later toasts
 * appear at once.
 */

let sonner: Promise<typeof SonnerModule> | null = null
export function loadSonner(): Promise<typeof SonnerModule> {
	sonner ??= import('sonner')
	// A failed load (flaky network) may be tried again by the next toast.
	sonner.catch(() => (sonner = null))
	return sonner
}

let markReady: () => void = () => undefined
const toasterReady = new Promise<void>((resolve) => (markReady = resolve))
/** Called by the outlet once sonner's Toaster has subscribed (its effects ran). */
export function markToasterReady() {
	markReady()
}

let requested = false
const listeners = new Set<() => void>()
/** The outlet mounts sonner's Toaster from the first request on. */
export function requestToaster() {
	if (requested) return
	requested = true
	for (const listener of listeners) listener()
}
export function subscribeToasterRequests(listener: () => void): () => void {
	listeners.add(listener)
	return () => listeners.delete(listener)
}
export function toasterRequested(): boolean {
	return requested
}

type Kind = 'message' | 'success' | 'error'

function show(kind: Kind, title: string, options?: ExternalToast) {
	requestToaster()
	void Promise.all([loadSonner(), toasterReady])
		.then(([{ toast }]) => {
			if (kind === 'message') toast(title, options)
			else toast[kind](title, options)
		})
		.catch((error: unknown) => console.warn('Não foi possível mostrar o aviso:', title, error))
}

export const toast = Object.assign((title: string, options?: ExternalToast) => show('message', title, options), {
	success: (title: string, options?: ExternalToast) => show('success', title, options),
	error: (title: string, options?: ExternalToast) => show('error', title, options),
})
