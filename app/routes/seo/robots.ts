import { renderRobots } from '~/server/sitemap.server'
import type { Route } from './+types/robots'

/** /robots.txt: everything public is crawlable except private areas and checkout steps. */
export function loader({ request }: Route.LoaderArgs) {
	return new Response(renderRobots(request), {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	})
}
