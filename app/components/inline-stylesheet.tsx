import { createContext, useContext, useState } from 'react'
import { useInnerHtml } from '~/utils/inner-html'

/*
 * The shop's stylesheet goes inside the HTML, in a <style> element, instead of a <link> the
 * browser must fetch before it paints anything (issue 14, decision 048): on a slow phone
 * connection the extra round trip and the 15 KB it carries were most of the time to the first
 * paint. entry.server provides the CSS text; in the browser the element is already in the page,
 * so hydration reads its text back from the document instead of shipping the CSS in JavaScript.
 */
const StylesheetContext = createContext<string | null>(null)
export const StylesheetProvider = StylesheetContext.Provider

const SELECTOR = 'style[data-app-css]'

export function InlineStylesheet() {
	const fromServer = useContext(StylesheetContext)
	// Read once: client renders after hydration keep the same text, so React never rewrites it.
	const [css] = useState(() => fromServer ?? (typeof document === 'undefined' ? '' : (document.querySelector(SELECTOR)?.textContent ?? '')))
	return <style data-app-css="" dangerouslySetInnerHTML={useInnerHtml(css)} />
}
