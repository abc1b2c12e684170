import { useSyncExternalStore } from 'react'
import { REDUCED_MOTION_QUERY } from '~/utils/reduced-motion'

/** The screens where the home page's desktop-only pieces show (Tailwind's md, 768 px and up). */
export const DESKTOP_QUERY = '(min-width: 768px)'

/** Whether a media query matches now (and on every later change); `onServer` on the server and at hydration. */
function useMediaQuery(query: string, onServer: boolean): boolean {
	return useSyncExternalStore(
		(onChange) => {
			const media = window.matchMedia(query)
			media.addEventListener('change', onChange)
			return () => media.removeEventListener('change', onChange)
		},
		() => window.matchMedia(query).matches,
		() => onServer,
	)
}

/**
 * Whether the shopper asked for less motion. The server (and hydration) assume yes, so
 * videos and automatic changes start only in the browser, after hydration, and only when
 * motion is welcome.
 */
export function usePrefersReducedMotion(): boolean {
	return useMediaQuery(REDUCED_MOTION_QUERY, true)
}

/**
 * Whether the screen is a desktop's (DESKTOP_QUERY). The server (and hydration) assume not, so a
 * desktop-only video is never in the HTML and a phone never asks for it.
 */
export function useIsDesktop(): boolean {
	return useMediaQuery(DESKTOP_QUERY, false)
}
