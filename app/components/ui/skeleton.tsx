import type * as React from 'react'
import { cn } from '~/utils/cn'

/**
 * A grey block standing in for content. It pulses while that content is loading; `pulse={false}`
 * for a place kept for content that is not loading yet (a home section until it comes near) or
 * loads out of sight: without a graphics processor every pulsing block costs the main thread a
 * style pass each frame (issue 34), and nobody sees it pulse below the fold.
 */
export function Skeleton({ className, pulse = true, ...props }: React.ComponentProps<'div'> & { pulse?: boolean }) {
	return <div data-slot="skeleton" className={cn(pulse && 'animate-pulse', 'rounded-md bg-muted', className)} {...props} />
}
