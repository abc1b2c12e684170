import { NotFoundContent } from '~/components/shop/error-page'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/not-found'

export async function loader({ request }: Route.LoaderArgs) {
	// document 000 §2: the missing path is logged.
	const { logger } = await import('~/server/logger.server')
	logger.warn({ path: new URL(request.url).pathname }, '404: página não encontrada')
	throw new Response('Not Found', { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches }) => [
	{ title: pageTitle('Página não encontrada', matches) },
	{ name: 'robots', content: 'noindex' },
]

export default function NotFound() {
	return <NotFoundContent />
}

// The loader always throws 404, so this is what renders, inside the storefront shell.
export function ErrorBoundary() {
	return <NotFoundContent />
}
