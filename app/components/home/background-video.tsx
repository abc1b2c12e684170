import { drawnLater } from '~/components/drawn-later'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { cn } from '~/utils/cn'

// The player (its sources chain, motion and screen checks) loads when its section comes near (issue 34):
// the server and hydration draw only the empty frame, so the page's first JavaScript does not carry it.
const VideoPlayer = lazy(() => import('./video-player').then((module) => ({ default: module.VideoPlayer })))

export type BackgroundVideoProps = {
	/**
	 * Addresses tried in turn (see videoSourceChain): the configured video (document 000 §3
	 * video tables), then any default. Empty shows only the still background behind.
	 */
	sources: readonly string[]
	/** Shown by the element until its first frame; the section paints the same still behind it. */
	poster?: string
	className?: string
	/** Every address failed: the section may hide its frame (document 000 §8, personalization). */
	onExhausted?: () => void
	/**
	 * Only on a desktop's screen (DESKTOP_QUERY): on a phone no <video> is made, so nothing is
	 * requested (document 001 §4: the subscription CTA's background is visible only on desktop).
	 */
	desktopOnly?: boolean
}

// Starts loading a little before the section scrolls into view.
const NEAR_VIEWPORT = '200px'

/** True once the element is near the viewport (and stays true): below-the-fold videos wait. */
function useNearViewport(ref: React.RefObject<HTMLElement | null>): boolean {
	const [near, setNear] = useState(false)
	useEffect(() => {
		const element = ref.current
		if (!element || near) return
		const observer = new IntersectionObserver(
			(entries) => {
				if (entries.some((entry) => entry.isIntersecting)) setNear(true)
			},
			{ rootMargin: NEAR_VIEWPORT },
		)
		observer.observe(element)
		return () => observer.disconnect()
	}, [ref, near])
	return near
}

/**
 * A muted, looping decorative video laid over its section's still background. It is never
 * in the server HTML (the first paint is the still, so the video can never delay it); the frame
 * loads its player when it comes near the viewport (video-player.tsx), which plays only when the
 * shopper has not asked for reduced motion, and fades in once it plays. When an address fails to
 * load it moves on to the next one; when none is left it removes itself and the still stays
 * (document 000 §4/§8: configured video, then the default video, then the static image).
 */
export function BackgroundVideo({ sources, poster, className, onExhausted, desktopOnly = false }: BackgroundVideoProps) {
	const frame = useRef<HTMLDivElement>(null)
	const near = useNearViewport(frame)
	return (
		<div ref={frame} aria-hidden="true" className={cn('pointer-events-none absolute inset-0', className)} {...drawnLater('video')}>
			{near && sources.length > 0 ? (
				<Suspense fallback={null}>
					<VideoPlayer sources={sources} poster={poster} onExhausted={onExhausted} desktopOnly={desktopOnly} />
				</Suspense>
			) : null}
		</div>
	)
}

/**
 * The still frame taken from a configured video (issue 11), painted under it so the section
 * shows the video's first picture before (or instead of) playing. Below the fold: lazy.
 */
export function VideoStill({ src, className }: { src: string; className?: string }) {
	return (
		<img
			src={src}
			alt=""
			aria-hidden="true"
			loading="lazy"
			decoding="async"
			className={cn('pointer-events-none absolute inset-0 size-full object-cover', className)}
			data-testid="video-still"
		/>
	)
}
