import { SlidersHorizontalIcon } from '~/components/icons/lucide'
import { useState } from 'react'
import { Form, Link, useSubmit } from 'react-router'
import {
	BROWSE_SORT_LABELS,
	BROWSE_SORTS,
	type BrowseFacets,
	type BrowseParams,
	NO_FILTERS,
	browseSearch,
	centsToReais,
	hasFilters,
	isChosen,
} from '~/commerce/rules/browse'
import { Button } from '~/components/ui/button'
import { cn } from '~/utils/cn'
import { formatMoney } from '~/utils/format'

type BrowseControlsProps = {
	params: BrowseParams
	facets: BrowseFacets
	/** Parameters the form must keep (the search's `q`). */
	keep?: Record<string, string>
}

/**
 * Sort and filters of a category or search page (issue 13): a GET form, so the choice lives in
 * the URL and the server renders it (works without JavaScript with 'Aplicar'); with JavaScript a
 * checkbox or the sort applies at once. A new choice starts again at page 1 (no `pagina` field).
 * On a phone the filters fold into 'Filtrar'; the sort stays in sight.
 */
export function BrowseControls({ params, facets, keep = {} }: BrowseControlsProps) {
	const submit = useSubmit()
	const [open, setOpen] = useState(false)
	const applyNow = (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
		const form = event.currentTarget.form
		if (form) void submit(form, { preventScrollReset: true })
	}
	const { filters } = params
	const activeCount =
		filters.sizes.length + filters.colors.length + (filters.minPriceCents !== null || filters.maxPriceCents !== null ? 1 : 0) + (filters.inStock ? 1 : 0)
	return (
		<Form method="get" className="flex flex-col gap-4" aria-label="Ordenar e filtrar produtos" data-testid="browse-controls">
			{Object.entries(keep).map(([name, value]) => (
				<input key={name} type="hidden" name={name} value={value} />
			))}
			<div className="flex flex-col gap-1.5">
				<label htmlFor="ordem" className="text-sm font-medium">
					Ordenar por
				</label>
				<select
					id="ordem"
					name="ordem"
					defaultValue={params.sort}
					onChange={applyNow}
					className="h-9 rounded-md border border-input bg-background px-3 text-sm"
				>
					{BROWSE_SORTS.map((sort) => (
						<option key={sort} value={sort}>
							{BROWSE_SORT_LABELS[sort]}
						</option>
					))}
				</select>
			</div>
			<div className="rounded-lg border lg:border-0" data-testid="filtros">
				{/* On a phone the filters fold behind this button; on a desktop they are always shown. */}
				<button
					type="button"
					className="flex w-full items-center gap-2 p-3 text-left font-medium lg:hidden"
					aria-expanded={open}
					aria-controls="filtros-painel"
					onClick={() => setOpen(!open)}
				>
					<SlidersHorizontalIcon className="size-4" aria-hidden="true" />
					Filtrar{activeCount > 0 ? ` (${activeCount})` : ''}
				</button>
				<div id="filtros-painel" className={cn(open ? 'flex' : 'hidden', 'flex-col gap-5 p-3 pt-0 lg:flex lg:p-0')}>
					<FacetGroup legend="Tamanho" name="tamanho" facet="sizes" values={facets.sizes} chosen={filters.sizes} onChange={applyNow} />
					<FacetGroup legend="Cor" name="cor" facet="colors" values={facets.colors} chosen={filters.colors} onChange={applyNow} />
					<fieldset className="flex flex-col gap-2">
						<legend className="mb-1 text-sm font-semibold">Preço</legend>
						<div className="flex items-center gap-2">
							<PriceField label="De (R$)" name="preco-min" cents={filters.minPriceCents} hint={facets.priceBounds?.minCents ?? null} />
							<PriceField label="Até (R$)" name="preco-max" cents={filters.maxPriceCents} hint={facets.priceBounds?.maxCents ?? null} />
						</div>
						{facets.priceBounds ? (
							<p className="text-xs text-muted-foreground">
								De {formatMoney(facets.priceBounds.minCents)} a {formatMoney(facets.priceBounds.maxCents)}
							</p>
						) : null}
					</fieldset>
					<label className="flex items-center gap-2 text-sm">
						<input type="checkbox" name="estoque" value="1" defaultChecked={filters.inStock} onChange={applyNow} className="size-4" />
						Só com estoque ({facets.inStock})
					</label>
					<div className="flex flex-wrap items-center gap-3">
						<Button type="submit" size="sm" variant="outline">
							Aplicar
						</Button>
						{hasFilters(filters) ? (
							<Link
								to={browseSearch({ sort: params.sort, filters: NO_FILTERS, page: 1 }, keep) || '?'}
								preventScrollReset
								className="text-sm underline underline-offset-2"
							>
								Limpar filtros
							</Link>
						) : null}
					</div>
				</div>
			</div>
		</Form>
	)
}

/** A filter field's value: '' when the bound is open. */
function reais(cents: number | null): string {
	return cents === null ? '' : centsToReais(cents)
}

/** One bound of the price filter; the placeholder shows the bound of what is listed. */
function PriceField({ label, name, cents, hint }: { label: string; name: string; cents: number | null; hint: number | null }) {
	return (
		<label className="flex flex-col gap-1 text-xs text-muted-foreground">
			{label}
			<input
				name={name}
				inputMode="decimal"
				defaultValue={reais(cents)}
				placeholder={reais(hint)}
				className="h-9 w-24 rounded-md border border-input bg-background px-2 text-sm text-foreground"
			/>
		</label>
	)
}

function FacetGroup({
	legend,
	name,
	facet,
	values,
	chosen,
	onChange,
}: {
	legend: string
	name: string
	/** Which facet: a chosen 'Azul bebe' ticks the listed 'Azul bebê' (one colour, see colorKey). */
	facet: 'sizes' | 'colors'
	values: BrowseFacets['sizes']
	chosen: string[]
	onChange: (event: React.ChangeEvent<HTMLInputElement>) => void
}) {
	if (values.length === 0) return null
	return (
		<fieldset className="flex flex-col gap-1.5">
			<legend className="mb-1 text-sm font-semibold">{legend}</legend>
			<ul className="flex flex-col gap-1.5">
				{values.map(({ value, count }) => (
					<li key={value}>
						<label className="flex items-center gap-2 text-sm">
							<input type="checkbox" name={name} value={value} defaultChecked={isChosen(facet, value, chosen)} onChange={onChange} className="size-4" />
							<span>
								{value} <span className="text-muted-foreground">({count})</span>
							</span>
						</label>
					</li>
				))}
			</ul>
		</fieldset>
	)
}

/** 'Página 2 de 3' with the previous and next pages, keeping the sort and filters. */
export function BrowsePagination({
	params,
	page,
	pageCount,
	keep = {},
}: {
	params: BrowseParams
	page: number
	pageCount: number
	keep?: Record<string, string>
}) {
	if (pageCount <= 1) return null
	const href = (target: number) => browseSearch({ ...params, page: target }, keep) || '?'
	return (
		<nav aria-label="Páginas" className="mt-8 flex items-center justify-center gap-3" data-testid="paginacao">
			{page > 1 ? (
				<Button asChild variant="outline" size="sm">
					<Link to={href(page - 1)} rel="prev">
						Anterior
					</Link>
				</Button>
			) : null}
			<p className="text-sm" aria-current="page">
				Página {page} de {pageCount}
			</p>
			{page < pageCount ? (
				<Button asChild variant="outline" size="sm">
					<Link to={href(page + 1)} rel="next">
						Próxima
					</Link>
				</Button>
			) : null}
		</nav>
	)
}
