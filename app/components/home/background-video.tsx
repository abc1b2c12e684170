import { useEffect, useRef, useState } from 'react'
import { cn } from '~/utils/cn'
import { useIsDesktop, usePrefersReducedMotion } from './use-reduced-motion'

type BackgroundVideoProps = {
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
 * in the server HTML (the first paint is the still, so the video can never delay it), starts
 * after hydration only when the shopper has not asked for reduced motion and the section is
 * near the viewport, and fades in once it plays. When an address fails to load it moves on
 * to the next one; when none is left it removes itself and the still stays (document 000
 * §4/§8: configured video, then the default video, then the static image).
 */
export function BackgroundVideo({ sources, poster, className, onExhausted, desktopOnly = false }: BackgroundVideoProps) {
	const frame = useRef<HTMLDivElement>(null)
	const reducedMotion = usePrefersReducedMotion()
	const desktop = useIsDesktop()
	const near = useNearViewport(frame)
	const chainKey = sources.join('\n')
	const [attempt, setAttempt] = useState({ chainKey, index: 0, playing: false })
	// A new list of addresses (new settings) starts over from its first one.
	const current = attempt.chainKey === chainKey ? attempt : { chainKey, index: 0, playing: false }
	const src = sources[current.index]
	const exhausted = sources.length > 0 && src === undefined

	useEffect(() => {
		if (exhausted) onExhausted?.()
	}, [exhausted, onExhausted])

	return (
		<div ref={frame} aria-hidden="true" className={cn('pointer-events-none absolute inset-0', className)}>
			{src && near && !reducedMotion && (desktop || !desktopOnly) ? (
				<video
					key={src}
					className={cn('size-full object-cover transition-opacity duration-700', current.playing ? 'opacity-100' : 'opacity-0')}
					src={src}
					poster={poster}
					autoPlay
					muted
					loop
					playsInline
					preload="none"
					tabIndex={-1}
					data-testid="background-video"
					onPlaying={() => setAttempt({ chainKey, index: current.index, playing: true })}
					onError={() => setAttempt({ chainKey, index: current.index + 1, playing: false })}
				/>
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
