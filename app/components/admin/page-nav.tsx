import { Link } from 'react-router'
import { Button } from '~/components/ui/button'

/** 'Anterior · Página 2 de 40 · Próxima' under a back-office list; nothing when it fits one page. */
export function PageNav({ page, pages, linkTo }: { page: number; pages: number; linkTo: (page: number) => string }) {
	if (pages <= 1) return null
	return (
		<nav aria-label="Páginas" className="mt-4 flex items-center gap-3 text-sm">
			{page > 1 ? (
				<Button asChild size="sm" variant="outline">
					<Link to={linkTo(page - 1)}>Anterior</Link>
				</Button>
			) : null}
			<span>
				Página {page.toLocaleString('pt-BR')} de {pages.toLocaleString('pt-BR')}
			</span>
			{page < pages ? (
				<Button asChild size="sm" variant="outline">
					<Link to={linkTo(page + 1)}>Próxima</Link>
				</Button>
			) : null}
		</nav>
	)
}
