import { useContext, useEffect, useState } from 'react'
import { matchRoutes, UNSAFE_DataRouterContext, useLocation, useNavigation, type RouteObject } from 'react-router'
import { cn } from '~/utils/cn'
import type { LoadOnce } from '~/utils/load-once'

/**
 * How long a navigation may take before the shop says it is loading. Most navigations (links
 * prefetched on hover) finish sooner, and a bar or skeleton that flashes for 50 ms is noise.
 */
export const PENDING_DELAY_MS = 150

/** The visually hidden status read while a page loads. */
export const LOADING_STATUS = 'Carregando…'

type NavigationLike = { state: 'idle' | 'loading' | 'submitting'; location?: { pathname: string } | null; formMethod?: string | null }

/**
 * The id of the route a loading navigation is going to (the deepest match of its target URL
 * in the route table), or null: idle, submitting, the same page (a search change or the
 * revalidation after a form) or an action's redirect. Matching the real route table means
 * every short `/:handle` URL counts as a category, whatever its handle.
 */
export function pendingRouteId(routes: RouteObject[], navigation: NavigationLike, currentPathname: string): string | null {
	const target = navigation.location
	if (navigation.state !== 'loading' || !target || navigation.formMethod) return null
	if (target.pathname === currentPathname) return null
	const matches = matchRoutes(routes, target.pathname)
	return matches?.at(-1)?.route.id ?? null
}

/** `active`, but only once it has stayed true for `delayMs`. */
export function useDelayedFlag(active: boolean, delayMs = PENDING_DELAY_MS): boolean {
	const [shown, setShown] = useState(false)
	useEffect(() => {
		if (!active) return
		const timer = window.setTimeout(() => setShown(true), delayMs)
		return () => {
			window.clearTimeout(timer)
			// The next navigation waits its own delay again.
			setShown(false)
		}
	}, [active, delayMs])
	return active && shown
}

/**
 * The route id a navigation is loading, once it has taken longer than PENDING_DELAY_MS.
 * Read from the router itself: with lazy route discovery the table grows as links appear,
 * and by the time the delay is over the target's route is known.
 */
export function usePendingRouteId(): string | null {
	const navigation = useNavigation()
	const location = useLocation()
	const router = useContext(UNSAFE_DataRouterContext)?.router
	const slow = useDelayedFlag(navigation.state === 'loading')
	if (!slow || !router) return null
	return pendingRouteId(router.routes as RouteObject[], navigation, location.pathname)
}

/** The skeletons of a part of the shop, by the route id they stand in for. */
export type SkeletonTable = Readonly<Record<string, React.ComponentType>>

/**
 * Shows the pending route's skeleton instead of the current page while a slow navigation loads one
 * of the routes in `skeletons` (by route id). The current page stays mounted, only hidden, so an
 * interrupted navigation brings it back as it was.
 *
 * The skeletons are not in the page's first load (issue 34, decision 148): a page that is never
 * left slowly never needs them. Their module is asked for when a navigation starts, so it is there
 * by the time the delay is over; if it is not (a dropped request), the top bar alone shows the
 * loading, as on pages without a skeleton.
 */
export function PendingPage({ skeletons, children }: { skeletons: LoadOnce<SkeletonTable>; children: React.ReactNode }) {
	const loading = useNavigation().state === 'loading'
	const [table, setTable] = useState(skeletons.current)
	useEffect(() => {
		if (!loading || table) return
		let live = true
		skeletons.load().then(
			(loaded) => live && setTable(loaded),
			() => {},
		)
		return () => {
			live = false
		}
	}, [loading, table, skeletons])
	const routeId = usePendingRouteId()
	const Skeleton = routeId && table ? table[routeId] : undefined
	return (
		<>
			{Skeleton ? <Skeleton /> : null}
			<div hidden={Skeleton ? true : undefined}>{children}</div>
		</>
	)
}

type Phase = 'idle' | 'start' | 'growing' | 'done'

/**
 * A slim bar at the top of the window while a navigation loads (after PENDING_DELAY_MS), and a
 * visually hidden status saying 'Carregando…'. The bar creeps towards 90 % (a page's progress
 * is unknown) and fills when the page arrives; with reduced motion it just appears and goes.
 */
export function NavigationProgress() {
	const navigation = useNavigation()
	const visible = useDelayedFlag(navigation.state === 'loading')
	const [grown, setGrown] = useState(false)
	const [finishing, setFinishing] = useState(false)

	useEffect(() => {
		if (!visible) return
		// Two frames: the bar is painted at zero width before it starts to grow.
		let second = 0
		const first = requestAnimationFrame(() => {
			second = requestAnimationFrame(() => setGrown(true))
		})
		return () => {
			cancelAnimationFrame(first)
			cancelAnimationFrame(second)
			setGrown(false)
			setFinishing(true)
		}
	}, [visible])

	useEffect(() => {
		if (!finishing) return
		const timer = window.setTimeout(() => setFinishing(false), 500)
		return () => window.clearTimeout(timer)
	}, [finishing])

	const phase: Phase = visible ? (grown ? 'growing' : 'start') : finishing ? 'done' : 'idle'

	return (
		<>
			<div
				aria-hidden="true"
				data-testid="navigation-progress"
				data-state={phase}
				className={cn(
					'pointer-events-none fixed inset-x-0 top-0 z-[100] h-1 transition-opacity motion-reduce:transition-none',
					phase === 'idle' ? 'opacity-0' : phase === 'done' ? 'opacity-0 delay-200 duration-300' : 'opacity-100 duration-0',
				)}
			>
				<div
					className={cn(
						'h-full origin-left bg-primary shadow-[0_0_6px_var(--color-primary)] transition-transform motion-reduce:transition-none',
						phase === 'growing'
							? 'scale-x-90 duration-[8000ms] ease-out'
							: phase === 'done'
								? 'scale-x-100 duration-200 ease-out'
								: 'scale-x-0 duration-0',
					)}
				/>
			</div>
			<div role="status" className="sr-only">
				{visible ? LOADING_STATUS : ''}
			</div>
		</>
	)
}
