import { type ComponentType, lazy, Suspense } from 'react'
import type { LoadOnce } from '~/utils/load-once'

/*
 * A part a page draws only in some states (a subscription product's layout, the restock alert of a
 * product with a sold-out option, a bandana's extras), out of the page's first load (issue 34,
 * decisions 137 and 146). Where the server drew it, its code must be there before React hydrates,
 * or the boundary would hydrate late and meet changed data or lost clicks (decisions 124 and 135).
 * So the module is loaded:
 * - on the server, by the route's loader, before the page renders;
 * - in the browser before hydration, by the route module itself when the page's HTML holds the part
 *   (`loadPartsDrawnByServer`, a top-level await that React Router's module script waits for);
 *   a page without it awaits nothing;
 * - on a client navigation, by the route's clientLoader, before the page renders.
 * The component then draws the loaded module directly, the same tree as the server's; `lazy` is
 * only for a load that failed.
 */

/** A component drawing `pick(module)` once `part` has loaded (see above); draw it only where the part is needed. */
export function preloadedPart<M, P extends object>(part: LoadOnce<M>, pick: (module: M) => ComponentType<P>): ComponentType<P> {
	const Lazy = lazy(() => part.load().then((module) => ({ default: pick(module) })))
	return function PreloadedPart(props: P) {
		const loaded = part.current()
		if (loaded) {
			const Loaded = pick(loaded)
			return <Loaded {...props} />
		}
		// Only when a load above failed or was skipped: drawn once the code arrives.
		return (
			<Suspense fallback={null}>
				<Lazy {...props} />
			</Suspense>
		)
	}
}

/** In the browser before hydration: the modules of the parts the server's HTML holds (by a selector each). */
export async function loadPartsDrawnByServer(parts: { selector: string; load: () => Promise<unknown> }[]): Promise<void> {
	if (typeof document === 'undefined') return
	const drawn = parts.filter(({ selector }) => document.querySelector(selector) !== null)
	await Promise.all(drawn.map(({ load }) => load().catch(() => undefined)))
}
