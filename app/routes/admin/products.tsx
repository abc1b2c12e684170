import { DownloadIcon, PlusIcon, SearchIcon, UploadIcon } from '~/components/icons/lucide'
import { Form, Link } from 'react-router'
import { PageNav } from '~/components/admin/page-nav'
import { AdminPage, NativeSelect, TableBox, td, th } from '~/components/admin/admin-page'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { requireAdmin } from '~/server/auth/guards.server'
import { PRODUCT_STATUS_LABELS } from '~/server/catalog-admin/product-form'
import { collectionChoices, listProductsForAdmin, productListQuerySchema } from '~/server/catalog-admin/product-list.server'
import { formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/products'

/** /admin/produtos (issue 11): search, filters by collection, status and stock, pages of 50. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Produtos', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const params = Object.fromEntries(new URL(request.url).searchParams)
	const query = productListQuerySchema.parse(params)
	const [list, collections] = await Promise.all([listProductsForAdmin(query), collectionChoices()])
	return { ...list, query, collections, statusLabels: PRODUCT_STATUS_LABELS }
}

export default function ProductsAdmin({ loaderData }: Route.ComponentProps) {
	const { rows, total, pages, query, collections, statusLabels } = loaderData
	const pageLink = (page: number) => {
		const params = new URLSearchParams()
		if (query.q) params.set('q', query.q)
		if (query.colecao) params.set('colecao', query.colecao)
		if (query.status !== 'todos') params.set('status', query.status)
		if (query.estoque !== 'todos') params.set('estoque', query.estoque)
		params.set('pagina', String(page))
		return `?${params}`
	}
	return (
		<AdminPage
			title="Produtos"
			description="O catálogo da loja."
			actions={
				<>
					<Button asChild variant="outline">
						<Link to="/admin/produtos/importar">
							<UploadIcon aria-hidden="true" />
							Importar
						</Link>
					</Button>
					<Button asChild variant="outline">
						<a href="/admin/produtos/exportar.csv" download>
							<DownloadIcon aria-hidden="true" />
							Exportar CSV
						</a>
					</Button>
					<Button asChild>
						<Link to="/admin/produtos/novo">
							<PlusIcon aria-hidden="true" />
							Novo produto
						</Link>
					</Button>
				</>
			}
		>
			<Form method="get" role="search" aria-label="Filtrar produtos" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
				<div className="space-y-1 lg:col-span-2">
					<Label htmlFor="busca-produtos">Buscar</Label>
					<Input id="busca-produtos" name="q" type="search" defaultValue={query.q} placeholder="Título, endereço ou SKU" />
				</div>
				<div className="space-y-1">
					<Label htmlFor="filtro-colecao">Coleção</Label>
					<NativeSelect id="filtro-colecao" name="colecao" defaultValue={query.colecao}>
						<option value="">Todas</option>
						{collections.map((c) => (
							<option key={c.id} value={c.handle}>
								{c.title}
							</option>
						))}
					</NativeSelect>
				</div>
				<div className="space-y-1">
					<Label htmlFor="filtro-status">Status</Label>
					<NativeSelect id="filtro-status" name="status" defaultValue={query.status}>
						<option value="todos">Todos</option>
						{Object.entries(statusLabels).map(([value, label]) => (
							<option key={value} value={value}>
								{label}
							</option>
						))}
					</NativeSelect>
				</div>
				<div className="space-y-1">
					<Label htmlFor="filtro-estoque">Estoque</Label>
					<NativeSelect id="filtro-estoque" name="estoque" defaultValue={query.estoque}>
						<option value="todos">Todos</option>
						<option value="baixo">Estoque baixo</option>
						<option value="esgotado">Esgotados</option>
					</NativeSelect>
				</div>
				<div className="sm:col-span-2 lg:col-span-5">
					<Button type="submit" variant="outline">
						<SearchIcon aria-hidden="true" />
						Filtrar
					</Button>
				</div>
			</Form>
			<p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
				{total.toLocaleString('pt-BR')} produto(s)
			</p>
			{rows.length === 0 ? (
				<p className="mt-4 text-muted-foreground">Nenhum produto encontrado.</p>
			) : (
				<div className="mt-2">
					<TableBox label="Produtos">
						<table className="w-full text-sm">
							<thead className="bg-muted/50">
								<tr>
									{['Produto', 'Status', 'Preço', 'Variantes', 'Estoque'].map((label) => (
										<th key={label} className={th} scope="col">
											{label}
										</th>
									))}
								</tr>
							</thead>
							<tbody className="divide-y">
								{rows.map((row) => (
									<tr key={row.id} data-testid="linha-produto">
										<td className={td}>
											<div className="flex items-center gap-3">
												{row.imageUrl ? (
													<img src={row.imageUrl} alt="" className="size-10 shrink-0 rounded object-cover" loading="lazy" />
												) : (
													<span className="size-10 shrink-0 rounded bg-muted" aria-hidden="true" />
												)}
												<Link to={`/admin/produtos/${row.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
													{row.title}
												</Link>
											</div>
										</td>
										<td className={td}>
											<Badge variant={row.status === 'active' ? 'default' : 'secondary'}>{statusLabels[row.status]}</Badge>
										</td>
										<td className={`${td} whitespace-nowrap`}>
											{row.minPriceCents === row.maxPriceCents
												? formatMoney(row.minPriceCents)
												: `${formatMoney(row.minPriceCents)} – ${formatMoney(row.maxPriceCents)}`}
										</td>
										<td className={td}>{row.variantCount}</td>
										<td className={`${td} whitespace-nowrap`}>
											{row.stock === null ? 'Sob encomenda' : row.stock.toLocaleString('pt-BR')}
											{row.lowStock ? (
												<Badge variant="destructive" className="ml-2">
													Baixo
												</Badge>
											) : null}
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableBox>
				</div>
			)}
			<PageNav page={query.pagina} pages={pages} linkTo={pageLink} />
		</AdminPage>
	)
}
