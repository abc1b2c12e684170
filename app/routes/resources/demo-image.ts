import { demoImageNameSchema, parseDemoImageQuery, renderDemoImage } from '~/server/seed/demo-image'
import { SVG_DOCUMENT_CSP } from '~/server/svg-document-policy.server'
import type { Route } from './+types/demo-image'

/**
 * GET /imagens/demo/:nome?forma=…&cor=… — the generated pictures of the demo catalogue.
 * The drawing depends only on the URL, so it may be cached for a year.
 */
export function loader({ request, params }: Route.LoaderArgs) {
	const name = demoImageNameSchema.safeParse(params.nome)
	const query = parseDemoImageQuery(new URL(request.url).searchParams)
	if (!name.success || !query.success) {
		return new Response('Imagem de demonstração inválida.', {
			status: 400,
			headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
		})
	}
	return new Response(renderDemoImage(query.data), {
		headers: {
			'Content-Type': 'image/svg+xml; charset=utf-8',
			// An SVG opened directly is a document: it must not run scripts or load anything.
			'Content-Security-Policy': SVG_DOCUMENT_CSP,
			'X-Content-Type-Options': 'nosniff',
			'Cross-Origin-Resource-Policy': 'same-origin',
			'Cache-Control': 'public, max-age=31536000, immutable',
		},
	})
}
