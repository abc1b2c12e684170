import { lazy, Suspense } from 'react'
import { useShopUi } from '~/components/shop/shop-ui'
import { useOpenedOnce, usePrefetchAfterFirstInput } from '~/components/ui/lazy-overlay'

const loadSearchPanel = () => import('~/components/search/search-panel')
const SearchPanel = lazy(() => loadSearchPanel().then((module) => ({ default: module.SearchPanel })))

/**
 * Where the header's search panel goes. The panel (input, live results, keyboard handling) is
 * closed when a page loads, so its code is not in the first load (issue 14, as the drawers in
 * decision 016): it loads the first time the panel opens, or when the browser is idle.
 */
export function SearchPanelSlot() {
	const { searchOpen } = useShopUi()
	const opened = useOpenedOnce(searchOpen)
	usePrefetchAfterFirstInput(loadSearchPanel)
	return opened ? (
		<Suspense fallback={null}>
			<SearchPanel />
		</Suspense>
	) : null
}
