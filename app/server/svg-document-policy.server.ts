/**
 * The Content-Security-Policy of an SVG the shop serves (the demo pictures, the logos): opened on
 * its own an SVG is a document, and this policy lets it draw with its inline styles and run nothing.
 */
export const SVG_DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'"
