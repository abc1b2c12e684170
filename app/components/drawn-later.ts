/*
 * Parts the browser draws after hydration, without any input from the shopper: the home's featured
 * cards (the visitor's own products) and its background video. Their placeholder, drawn by the
 * server, names them in `data-drawn-later`, so that the page's inline rules include the classes they
 * will use (server/parts-drawn-later.server.ts): otherwise the first-paint starter would apply the
 * whole stylesheet when they appear, a style pass over every element (decisions 156 and 158).
 */

export const DRAWN_LATER_ATTRIBUTE = 'data-drawn-later'
export const DRAWN_LATER_PARTS = ['product-cards', 'video'] as const
export type DrawnLaterPart = (typeof DRAWN_LATER_PARTS)[number]

/** The placeholder's attribute, to spread on it. */
export function drawnLater(part: DrawnLaterPart): { [DRAWN_LATER_ATTRIBUTE]: DrawnLaterPart } {
	return { [DRAWN_LATER_ATTRIBUTE]: part }
}
