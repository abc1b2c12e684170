import { Loader2Icon, SearchIcon, XIcon } from '~/components/icons/lucide'
import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Link, useFetcher, useLocation, useNavigate } from 'react-router'
import { useShopUi } from '~/components/shop/shop-ui'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { useDismiss } from '~/components/ui/use-dismiss'
import type { loader as searchLoader } from '~/routes/resources/search'
import { SEARCH_PANEL_ID, SITE_HEADER_ID } from './search-ids'
import { SEARCH_RESULTS_ID, SearchResults } from './search-results'
import { useDebouncedValue } from './use-debounced-value'

/** document 000 §9: debounce 300 ms, 2 trimmed characters at least. */
export const SEARCH_DEBOUNCE_MS = 300
export const SEARCH_MIN_CHARS = 2

/**
 * The header's search panel (document 000 §2 'Search bar'), open while `useShopUi().searchOpen`.
 * It opens inside the sticky header, full width under its bar, so it stays in view however
 * far the page is scrolled. Closing (result click, outside click, Escape, the close button,
 * another page) unmounts it, which also clears the text.
 */
export function SearchPanel() {
	const { searchOpen, setSearchOpen } = useShopUi()
	const { pathname } = useLocation()
	// Any navigation (back button, a link elsewhere) closes the panel. Not on mount: the panel's
	// module loads on the first opening (shop/search-panel-slot.tsx), and mounting it must not close it.
	const shownPathname = useRef(pathname)
	useEffect(() => {
		if (shownPathname.current === pathname) return
		shownPathname.current = pathname
		setSearchOpen(false)
	}, [pathname, setSearchOpen])
	if (!searchOpen) return null
	// Only ever open in the browser (a click opens it), so the header is in the document.
	const header = document.getElementById(SITE_HEADER_ID)
	const panel = <OpenSearchPanel onClose={() => setSearchOpen(false)} />
	return header ? createPortal(panel, header) : panel
}

/** The header button that opens the panel: where focus goes back when the panel closes. */
function searchToggle(): HTMLElement | null {
	return document.querySelector<HTMLElement>(`[aria-controls="${SEARCH_PANEL_ID}"]`)
}

function OpenSearchPanel({ onClose }: { onClose: () => void }) {
	const inputId = useId()
	const statusId = useId()
	const panelRef = useRef<HTMLDivElement>(null)
	const inputRef = useRef<HTMLInputElement>(null)
	const [text, setText] = useState('')
	const navigate = useNavigate()
	const query = text.trim()
	const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS)
	const fetcher = useFetcher<typeof searchLoader>()
	const { load } = fetcher

	useEffect(() => {
		inputRef.current?.focus()
	}, [])

	useEffect(() => {
		if (debounced.length >= SEARCH_MIN_CHARS) void load(`/resources/search?q=${encodeURIComponent(debounced)}`)
	}, [debounced, load])

	// Outside click and Escape close the panel; the header button toggles it by itself.
	useDismiss({
		contains: (target) =>
			(panelRef.current?.contains(target) ?? false) ||
			(target instanceof Element && target.closest(`[aria-controls="${SEARCH_PANEL_ID}"]`) !== null),
		onDismiss: (reason) => {
			const hadFocus = reason === 'escape' && (panelRef.current?.contains(document.activeElement) ?? false)
			onClose()
			if (hadFocus) searchToggle()?.focus()
		},
	})

	const tooShort = query.length < SEARCH_MIN_CHARS
	const data = fetcher.data
	const searching = !tooShort && (fetcher.state !== 'idle' || debounced !== query || data?.query !== query)
	// document 000 §8: a failed search shows nothing (the server logged it).
	const answer = !tooShort && data && !data.error ? data : null
	const status = tooShort
		? ''
		: searching
			? 'Buscando produtos...'
			: answer
				? answer.results.length === 0
					? `Nenhum produto encontrado para "${answer.query}"`
					: `${answer.results.length} ${answer.results.length === 1 ? 'produto encontrado' : 'produtos encontrados'}`
				: ''

	function resultLinks(): HTMLAnchorElement[] {
		return Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>(`#${SEARCH_RESULTS_ID} a`) ?? [])
	}

	function onInputKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
		if (event.key === 'ArrowDown') {
			const first = resultLinks()[0]
			if (first) {
				event.preventDefault()
				first.focus()
			}
		}
	}

	function onResultsKeyDown(event: React.KeyboardEvent<HTMLUListElement>) {
		if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return
		const links = resultLinks()
		const index = links.findIndex((link) => link === document.activeElement)
		if (index === -1) return
		event.preventDefault()
		if (event.key === 'Home') links[0]?.focus()
		else if (event.key === 'End') links.at(-1)?.focus()
		else if (event.key === 'ArrowDown') links[Math.min(index + 1, links.length - 1)]?.focus()
		else if (index === 0) inputRef.current?.focus()
		else links[index - 1]?.focus()
	}

	return (
		<div
			ref={panelRef}
			id={SEARCH_PANEL_ID}
			role="search"
			aria-label="Produtos"
			className="absolute inset-x-0 top-full z-40 border-b bg-background text-foreground shadow-lg"
		>
			<div className="mx-auto w-full max-w-2xl px-3 py-3 sm:px-4">
				<form
					action="/busca"
					method="get"
					className="relative flex items-center"
					onSubmit={(event) => {
						// Results follow the typing; Enter opens the whole list on /busca (issue 13).
						event.preventDefault()
						if (tooShort) return
						onClose()
						void navigate(`/busca?${new URLSearchParams({ q: query })}`)
					}}
				>
					<label htmlFor={inputId} className="sr-only">
						Buscar produtos
					</label>
					<SearchIcon className="pointer-events-none absolute left-3 size-4 text-muted-foreground" aria-hidden="true" />
					<Input
						ref={inputRef}
						id={inputId}
						type="search"
						name="q"
						value={text}
						onChange={(event) => setText(event.target.value)}
						onKeyDown={onInputKeyDown}
						placeholder="Buscar produtos..."
						autoComplete="off"
						enterKeyHint="search"
						maxLength={100}
						aria-describedby={statusId}
						className="h-11 pr-20 pl-9 text-base [&::-webkit-search-cancel-button]:appearance-none"
					/>
					<div className="absolute right-1 flex items-center gap-1">
						{searching ? (
							<Loader2Icon
								className="size-4 animate-spin text-muted-foreground"
								aria-hidden="true"
								data-testid="busca-carregando"
							/>
						) : null}
						<Button
							type="button"
							variant="ghost"
							size="icon"
							aria-label="Fechar busca"
							onClick={() => {
								onClose()
								searchToggle()?.focus()
							}}
						>
							<XIcon aria-hidden="true" />
						</Button>
					</div>
				</form>
				<p id={statusId} role="status" className="sr-only">
					{status}
				</p>
				{answer ? (
					<div className="mt-2 rounded-md border bg-popover text-popover-foreground">
						<SearchResults
							results={answer.results}
							query={answer.query}
							busy={searching}
							onPick={onClose}
							onKeyDown={onResultsKeyDown}
						/>
						{answer.results.length > 0 ? (
							<Link
								to={`/busca?${new URLSearchParams({ q: answer.query })}`}
								onClick={onClose}
								className="block border-t px-3 py-2 text-center text-sm font-medium text-primary hover:underline"
							>
								Ver todos os resultados
							</Link>
						) : null}
					</div>
				) : null}
			</div>
		</div>
	)
}
