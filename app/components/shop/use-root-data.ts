import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '~/root'

/**
 * The root loader's data (user, theme, store settings, toast) from anywhere in the tree.
 * Undefined only when the root loader itself failed (root ErrorBoundary).
 */
export function useRootData() {
	return useRouteLoaderData<typeof rootLoader>('root')
}

/** The store's PIX discount in percent (0: none), for the PIX line beside prices. */
export function usePixDiscountPercent(): number {
	return useRootData()?.settings.pixDiscountPercent ?? 0
}

export type RootData = NonNullable<ReturnType<typeof useRootData>>
export type ShellSettings = RootData['settings']
export type ShellUser = RootData['user']
