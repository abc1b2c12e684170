import { useRouteLoaderData } from 'react-router'
import type { clientLoader as rootLoader } from '~/root'
import { type Visitor, useVisitorData } from './visitor'

/**
 * The root loader's data (theme, store settings, and the visitor once the browser has asked
 * for it) from anywhere in the tree. Undefined only when the root loader itself failed (root
 * ErrorBoundary).
 */
export function useRootData() {
	return useRouteLoaderData<typeof rootLoader>('root')
}

/** The store's PIX discount in percent (0: none), for the PIX line beside prices. */
export function usePixDiscountPercent(): number {
	return useRootData()?.settings.pixDiscountPercent ?? 0
}

/**
 * Who is looking (decision 049): null while the page is server-rendered and until the browser
 * has asked `/resources/visitor`; then the signed-in person, cart, favourites.
 */
export function useVisitor(): Visitor | null {
	return useVisitorData()
}

export type RootData = NonNullable<ReturnType<typeof useRootData>>
export type ShellSettings = RootData['settings']
export type ShellUser = Visitor['user']
