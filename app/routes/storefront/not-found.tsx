import { Link } from 'react-router'
import type { Route } from './+types/not-found'

export async function loader({ request }: Route.LoaderArgs) {
	// document 000 §2: the missing path is logged.
	const { logger } = await import('~/server/logger.server')
	logger.warn({ path: new URL(request.url).pathname }, '404: página não encontrada')
	throw new Response('Not Found', { status: 404 })
}

export default function NotFound() {
	return null
}

export function ErrorBoundary() {
	return (
		<main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
			<h1 className="text-4xl font-bold">404</h1>
			<p className="text-xl">Oops! Page not found</p>
			<Link to="/" className="underline">
				Return to Home
			</Link>
		</main>
	)
}
