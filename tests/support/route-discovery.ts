/**
 * What React Router logs when a page is left (a reload, a navigation, the browser closing) while its
 * lazy route discovery's `/__manifest` request is in flight (decision 143), then the stack: not an
 * error of the page. Browser tests that collect console errors skip exactly this one.
 */
export const ABORTED_ROUTE_DISCOVERY = /^Failed to fetch manifest patches TypeError: Failed to fetch(?: \([^)]*\))?(?:\n|$)/
