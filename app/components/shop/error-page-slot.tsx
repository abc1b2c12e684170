import { type ReactNode, useEffect, useState } from 'react'
import type * as ErrorPageModule from './error-page'
import { ERROR_PAGE_SELECTOR } from './error-kinds'
import { loadOnce } from '~/utils/load-once'

/*
 * The error pages (404, 'Algo deu errado', 'Loja temporariamente indisponível') out of every page's
 * first load (issue 34, decision 144): a page that loads fine never needs them. Nothing hydrates late:
 * - on the server, the server entry hands the module over (`provideErrorPage`) and it is drawn at once;
 * - a page the server drew as an error page carries `data-error-page`, and the client entry loads
 *   the module before hydrating (`loadErrorPageBeforeHydration`), so the first render matches;
 * - an error met later, on a client navigation, shows an empty, busy `<main>` for the moment the
 *   module takes to come, then the page; if it cannot come (offline), a plain message and a reload.
 */

type ErrorPages = typeof ErrorPageModule

const errorPages = loadOnce<ErrorPages>(() => import('./error-page'))

/** The server entry's static import, so server rendering never waits for it. */
export const provideErrorPage = errorPages.provide

/** Client entry: whether the page to hydrate is an error page, then its module, before hydration. */
export function loadErrorPageBeforeHydration(): Promise<unknown> | null {
	return document.querySelector(ERROR_PAGE_SELECTOR) ? errorPages.load() : null
}

/** Draws `children` with the error pages' module, loading it first if a client navigation met the error. */
export function ErrorPageSlot({ children }: { children: (pages: ErrorPages) => ReactNode }) {
	const [pages, setPages] = useState(errorPages.current)
	const [failed, setFailed] = useState(false)
	useEffect(() => {
		if (pages || failed) return
		errorPages.load().then(setPages, () => setFailed(true))
	}, [pages, failed])
	if (pages) return children(pages)
	if (failed)
		return (
			<main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
				<h1 className="text-2xl font-bold">Algo deu errado</h1>
				{/* A full reload, not a client navigation: the point is to retry everything. */}
				<a href="" className="underline">
					Tentar Novamente
				</a>
			</main>
		)
	return <main className="min-h-[60vh]" aria-busy="true" />
}
