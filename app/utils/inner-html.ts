import { useMemo } from 'react'

/**
 * `dangerouslySetInnerHTML`'s object, the same one while `html` is unchanged. React 19 compares
 * that prop by identity: a new `{ __html }` on every render writes the element's inner HTML again
 * on each re-render, even with the same text. For the page's inline stylesheet that meant the
 * browser parsing it again and restyling every element of the page, twice after hydration (the
 * route discovery's updates re-render the root; issue 34, decision 154).
 */
export function useInnerHtml(html: string): { __html: string } {
	return useMemo(() => ({ __html: html }), [html])
}
