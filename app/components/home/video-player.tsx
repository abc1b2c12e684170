import { useEffect, useRef, useState } from 'react'
import { cn } from '~/utils/cn'
import type { BackgroundVideoProps } from './background-video'
import { useIsDesktop, usePrefersReducedMotion } from './use-reduced-motion'

/**
 * The video of a BackgroundVideo whose frame has come near the viewport (background-video.tsx):
 * drawn only when the shopper has not asked for reduced motion, and fades in once it plays. When
 * an address fails to load it moves on to the next one; when none is left it removes itself and
 * the still stays (document 000 §4/§8: configured video, then the default video, then the still).
 */
export function VideoPlayer({ sources, poster, onExhausted, desktopOnly = false }: Omit<BackgroundVideoProps, 'className'>) {
	const reducedMotion = usePrefersReducedMotion()
	const desktop = useIsDesktop()
	const chainKey = sources.join('\n')
	const [attempt, setAttempt] = useState({ chainKey, index: 0, playing: false })
	// A new list of addresses (new settings) starts over from its first one.
	const current = attempt.chainKey === chainKey ? attempt : { chainKey, index: 0, playing: false }
	const src = sources[current.index]
	const exhausted = sources.length > 0 && src === undefined

	useEffect(() => {
		if (exhausted) onExhausted?.()
	}, [exhausted, onExhausted])

	// The address at `index` failed, or plays: once (the event and the check below may both see it).
	const settle = (index: number, outcome: 'failed' | 'playing') =>
		setAttempt((now) => {
			const at = now.chainKey === chainKey ? now : { chainKey, index: 0, playing: false }
			if (at.index !== index) return at
			return outcome === 'failed' ? { chainKey, index: index + 1, playing: false } : { ...at, playing: true }
		})
	/*
	 * This component arrives lazily, so React renders it in a pass that may yield before it commits: the
	 * element (and its request) exists before React listens to its events, and an address that fails
	 * or starts playing in that moment never reaches onError / onPlaying. Read what already happened.
	 */
	const video = useRef<HTMLVideoElement>(null)
	const index = current.index
	const shown = Boolean(src) && !reducedMotion && (desktop || !desktopOnly)
	useEffect(() => {
		const element = video.current
		if (element?.error) settle(index, 'failed')
		else if (element && !element.paused && element.readyState >= 2) settle(index, 'playing')
		// settle is remade each render; what matters is the element of this address.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [src, index, shown])

	return shown ? (
		<video
			ref={video}
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
			onPlaying={() => settle(index, 'playing')}
			onError={() => settle(index, 'failed')}
		/>
	) : null
}
