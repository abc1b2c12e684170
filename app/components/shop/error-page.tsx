import { PawPrintIcon, SearchIcon, WrenchIcon } from '~/components/icons/lucide'
import { isRouteErrorResponse, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { CATEGORY_CARDS } from '~/utils/category-cards'
import { ERROR_PAGE_MARK, isUnavailableError, logBoundaryErrorInBrowser } from './error-kinds'

/** Where a lost shopper can go from the 404 page (issue 31): the shop's categories. */
export const NOT_FOUND_LINKS = CATEGORY_CARDS.map((card) => ({ label: card.label, to: card.href }))

/**
 * The 404 page body. document 000 §2 gives 'Oops! Page not found' with a link home; the shop
 * speaks Portuguese (issue 31), so the headline is Portuguese, and the page helps the shopper on:
 * a search box (a plain GET form to /busca, working before the scripts load) and the categories.
 */
export function NotFoundContent() {
	return (
		<main {...ERROR_PAGE_MARK} className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
			<p className="text-7xl font-extrabold text-primary" aria-hidden="true">
				404
			</p>
			<h1 className="text-2xl font-bold">Ops! Página não encontrada</h1>
			<p className="text-muted-foreground">A página que você procura não existe ou mudou de endereço.</p>
			<form action="/busca" method="get" role="search" aria-label="Buscar na loja" className="flex w-full max-w-md gap-2">
				<label htmlFor="busca-404" className="sr-only">
					O que você procura?
				</label>
				<Input id="busca-404" name="q" type="search" placeholder="O que você procura?" required maxLength={100} className="flex-1" />
				<Button type="submit">
					<SearchIcon aria-hidden="true" />
					Buscar
				</Button>
			</form>
			<nav aria-label="Categorias" className="w-full">
				<h2 className="mb-3 text-sm font-semibold">Ou veja nossas categorias</h2>
				<ul className="flex flex-wrap justify-center gap-2">
					{NOT_FOUND_LINKS.map((link) => (
						<li key={link.to}>
							<Link
								to={link.to}
								className="inline-flex min-h-9 items-center rounded-full border px-3 py-1 text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
							>
								{link.label}
							</Link>
						</li>
					))}
				</ul>
			</nav>
			<Button asChild size="lg" variant="outline">
				<Link to="/">Voltar para o início</Link>
			</Button>
		</main>
	)
}

/**
 * A friendly page for unexpected errors; details stay in the server log. `message`: what a
 * refused request (a 4xx thrown with a Portuguese text, e.g. a body that is not a form) says.
 */
export function ErrorContent({ status, message }: { status?: number; message?: string }) {
	return (
		<main {...ERROR_PAGE_MARK} className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
			<PawPrintIcon className="size-12 text-primary" aria-hidden="true" />
			<h1 className="text-2xl font-bold">Algo deu errado</h1>
			<p className="text-muted-foreground">
				{message ?? 'Desculpe, não conseguimos carregar esta página agora. Tente novamente em instantes.'}
				{status ? <span className="mt-2 block text-sm">Código do erro: {status}</span> : null}
			</p>
			<div className="flex flex-wrap justify-center gap-3">
				<Button asChild size="lg">
					<Link to="/">Voltar para o início</Link>
				</Button>
				<Button asChild size="lg" variant="outline">
					{/* A full reload, not a client navigation: the point is to retry everything. */}
					<a href="">Tentar Novamente</a>
				</Button>
			</div>
		</main>
	)
}

/**
 * The page for a 503 (the database is unreachable: restart, failover). The server sends
 * Retry-After; the shopper is told it is temporary and offered a retry.
 */
export function UnavailableContent() {
	return (
		<main {...ERROR_PAGE_MARK} className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
			<WrenchIcon className="size-12 text-primary" aria-hidden="true" />
			<h1 className="text-2xl font-bold">Loja temporariamente indisponível</h1>
			<p className="text-muted-foreground">
				Estamos com uma instabilidade momentânea e já estamos resolvendo. Seu carrinho e seus pedidos estão
				guardados. Tente novamente em alguns instantes.
			</p>
			<Button asChild size="lg">
				{/* A full reload, not a client navigation: the point is to retry everything. */}
				<a href="">Tentar Novamente</a>
			</Button>
		</main>
	)
}

/**
 * What an error boundary shows inside its frame (root, the storefront's layout, the checkout's):
 * the shop's 404, 'unavailable' for a 503, else the error; a refused request (4xx with a
 * Portuguese text) says why, anything else stays generic. An unexpected error is logged in the
 * browser's console.
 */
export function BoundaryContent({ error }: { error: unknown }) {
	logBoundaryErrorInBrowser(error)
	if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />
	if (isUnavailableError(error)) return <UnavailableContent />
	const message = isRouteErrorResponse(error) && error.status < 500 && typeof error.data === 'string' ? error.data : undefined
	return <ErrorContent status={isRouteErrorResponse(error) ? error.status : undefined} message={message} />
}
