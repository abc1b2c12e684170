import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'
import { afterFirstInput } from '~/utils/after-first-input'
import { loadSonner, markToasterReady, requestToaster, subscribeToasterRequests, toasterRequested } from './toast'

const SonnerToaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })))

function ToasterReady() {
	// Runs after sonner's Toaster (its sibling before it) has subscribed to new toasts.
	useEffect(() => markToasterReady(), [])
	return null
}

/**
 * The app's toast outlet (sonner), mounted on the first toast or once the page has been used and
 * is idle (./toast.ts, utils/after-first-input.ts). Styled from the design tokens so toasts read well in both themes; `theme` is
 * passed by the root so it follows the same preference as the page.
 */
export function Toaster({ theme = 'light', ...props }: ToasterProps) {
	const wanted = useSyncExternalStore(subscribeToasterRequests, toasterRequested, () => false)
	useEffect(() => afterFirstInput(requestToaster), [])
	if (!wanted) return null
	return (
		<Suspense fallback={null}>
			<SonnerToaster
				theme={theme}
				className="toaster group"
				position="top-center"
				closeButton
				toastOptions={{
					classNames: {
						toast: 'font-sans',
						description: 'text-muted-foreground!',
					},
				}}
				style={
					{
						'--normal-bg': 'var(--popover)',
						'--normal-text': 'var(--popover-foreground)',
						'--normal-border': 'var(--border)',
					} as React.CSSProperties
				}
				{...props}
			/>
			<ToasterReady />
		</Suspense>
	)
}
