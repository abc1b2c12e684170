import { lazy, Suspense } from 'react'
import { useOpenedOnce, usePrefetchAfterFirstInput, useReturnFocus } from '~/components/ui/lazy-overlay'
import type { MobileDrawerProps } from './mobile-drawer-sheet'

const loadSheet = () => import('./mobile-drawer-sheet')
const MobileDrawerSheet = lazy(loadSheet)

/** The header menu's drawer (document 000 §2 'Header'); its panel loads on first use or when idle. */
export function MobileDrawer(props: MobileDrawerProps) {
	const opened = useOpenedOnce(props.open)
	usePrefetchAfterFirstInput(loadSheet)
	const onCloseAutoFocus = useReturnFocus(props.open)
	if (!opened) return null
	return (
		<Suspense fallback={null}>
			<MobileDrawerSheet {...props} onCloseAutoFocus={onCloseAutoFocus} />
		</Suspense>
	)
}
