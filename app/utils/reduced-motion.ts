/** The shopper's 'less motion' setting, as a media query. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

/** Whether the shopper asks for less motion right now (browser only: an event handler, an effect). */
export function prefersReducedMotion(): boolean {
	return window.matchMedia(REDUCED_MOTION_QUERY).matches
}
