import { renderRobots } from '~/server/sitemap.server'

/** /robots.txt: everything public is crawlable except private areas and checkout steps. */
export function loader() {
	return new Response(renderRobots(), {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	})
}
