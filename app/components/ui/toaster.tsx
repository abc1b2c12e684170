import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import type { ToasterProps } from 'sonner'
import { afterFirstInput } from '~/utils/after-first-input'
import { requestToaster, subscribeToasterRequests, toasterRequested } from './toast'

// The Toaster's configuration comes with sonner itself, not in every page's first load.
const SonnerToaster = lazy(() => import('./sonner-toaster'))

/**
 * The app's toast outlet (sonner), mounted on the first toast or once the page has been used and
 * is idle (./toast.ts, utils/after-first-input.ts). `theme` is passed by the root so it follows the
 * same preference as the page.
 */
export function Toaster({ theme = 'light', ...props }: ToasterProps) {
	const wanted = useSyncExternalStore(subscribeToasterRequests, toasterRequested, () => false)
	useEffect(() => afterFirstInput(requestToaster), [])
	if (!wanted) return null
	return (
		<Suspense fallback={null}>
			<SonnerToaster theme={theme} {...props} />
		</Suspense>
	)
}
