import { useInnerHtml } from '~/utils/inner-html'

/**
 * A product's formatted description, sanitised by the product loader
 * (app/server/sanitize-html.server.ts), so it is safe to insert. Written once: a re-render of the
 * product page (the cart's answer, a chosen option) leaves its elements as they are.
 */
export function DescriptionHtml({ html, className }: { html: string; className: string }) {
	return <div className={className} dangerouslySetInnerHTML={useInnerHtml(html)} />
}
