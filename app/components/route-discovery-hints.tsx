import { Link } from 'react-router'

/**
 * Routes that pages post to with a fetcher but never link to (decision 143). With lazy route
 * discovery React Router learns, right after hydration, the routes of the links and forms it finds
 * on the page (`data-discover`); a fetcher aimed at a route it has not learned first asks
 * `/__manifest` (one round trip more before the first 'Adicionar'), and after a deploy that request
 * finds a new version and reloads the page instead of adding to the cart. A hidden link makes the
 * route part of that first request: hidden, it is not in the accessibility tree, not focusable and
 * not drawn; `nofollow` keeps crawlers off an action-only address.
 */
const FETCHER_ONLY_ROUTES = ['/cart'] as const

export function RouteDiscoveryHints() {
	return (
		<div hidden>
			{FETCHER_ONLY_ROUTES.map((path) => (
				<Link key={path} to={path} discover="render" rel="nofollow" tabIndex={-1} />
			))}
		</div>
	)
}
