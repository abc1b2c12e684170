import { createContext, useContext, useEffect } from 'react'
import { useInnerHtml } from '~/utils/inner-html'

/** What the server writes instead of `rel="modulepreload"` and `type="module"` (server/modules-after-paint.server.ts). */
export const HELD_MODULE_PRELOAD_REL = 'x-modulepreload'
export const HELD_MODULE_SCRIPT_TYPE = 'x-module-after-paint'
/** Announced on `document` once the page has hydrated; `<html data-hydrated="true">` says it after. */
export const HYDRATED_EVENT = 'loja:hydrated'

/*
 * The starter's text (server/modules-after-paint.server.ts) comes from entry.server, as the inline
 * stylesheet's does: it runs once, from the server's HTML, so the browser's JavaScript does not carry it.
 */
const StarterContext = createContext<string | null>(null)
export const FirstPaintStarterProvider = StarterContext.Provider

/** The script that turns the page's modules on after its first paint (decision 141). */
export function ModulesAfterPaint({ nonce }: { nonce: string }) {
	const starter = useContext(StarterContext) ?? ''
	return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={useInnerHtml(starter)} />
}

/** Marks the document hydrated and tells the starter, which replays a tap that came before (decision 141). */
export function useAnnounceHydrated() {
	useEffect(() => {
		document.documentElement.dataset.hydrated = 'true'
		document.dispatchEvent(new Event(HYDRATED_EVENT))
	}, [])
}
