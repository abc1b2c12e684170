import { Link } from 'react-router'

/**
 * Routes that pages post to with a fetcher, or go to with `navigate()`, but never link to
 * (decision 143): the cart, and the checkout that 'Comprar Agora', 'Assinar' and 'Finalizar Compra'
 * open once the cart has answered. With lazy route discovery React Router learns, right after
 * hydration, the routes of the links and forms it finds on the page (`data-discover`); a fetcher or
 * navigation aimed at a route it has not learned first asks `/__manifest` (one round trip more at the
 * moment the shopper taps), and after a deploy a fetcher's request finds a new version and reloads the
 * page instead of adding to the cart. A hidden link makes the route part of that first request:
 * hidden, it is not in the accessibility tree, not focusable and not drawn; `nofollow` keeps crawlers
 * off them.
 */
const FETCHER_ONLY_ROUTES = ['/cart', '/checkout'] as const

export function RouteDiscoveryHints() {
	return (
		<div hidden>
			{FETCHER_ONLY_ROUTES.map((path) => (
				<Link key={path} to={path} discover="render" rel="nofollow" tabIndex={-1} />
			))}
		</div>
	)
}
