import { RefreshCwIcon } from '~/components/icons/lucide'
import { useFetcher } from 'react-router'
import { TableBox, td, th } from '~/components/admin/admin-page'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import type { AriaAdminActionData } from '~/routes/admin/aria'
import { formatMoney } from '~/utils/format'

type Row = { id: string; shopifyHandle: string; title: string; priceCents: number; tags: string[]; isAvailable: boolean }
type Products = { rows: Row[]; total: number; active: number } | { error: string }

/**
 * Tab 'Produtos' (document 001 §2/§7): the products Aria may recommend, synced from the catalogue
 * by handle; 'Ativo'/'Inativo' takes one out of her answers without touching the shop.
 */
export function ProductsTab({ products }: { products: Products }) {
	const sync = useFetcher<AriaAdminActionData>()
	if ('error' in products)
		return (
			<p role="alert" className="text-sm text-destructive">
				{products.error}
			</p>
		)
	return (
		<section aria-labelledby="produtos-aria" className="space-y-4">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<div>
					<h2 id="produtos-aria" className="text-lg font-semibold">
						{products.total === 1 ? '1 produto' : `${products.total} produtos`}
					</h2>
					<p className="text-sm text-muted-foreground">{`${products.active} ativos nas respostas da Aria.`}</p>
				</div>
				<sync.Form method="post">
					<input type="hidden" name="intent" value="sync-products" />
					<Button type="submit" disabled={sync.state !== 'idle'}>
						<RefreshCwIcon aria-hidden="true" className={sync.state !== 'idle' ? 'animate-spin' : undefined} />
						{sync.state !== 'idle' ? 'Sincronizando…' : 'Sincronizar com a loja'}
					</Button>
				</sync.Form>
			</div>
			{products.rows.length === 0 ? (
				<p className="text-sm text-muted-foreground">Nenhum produto ainda: sincronize com a loja.</p>
			) : (
				<TableBox label="Produtos da Aria">
					<table className="w-full text-sm">
						<thead className="bg-muted/50">
							<tr>
								{['Produto', 'Handle', 'Preço', 'Tags', 'Status'].map((label) => (
									<th key={label} scope="col" className={th}>
										{label}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{products.rows.map((row) => (
								<ProductRow key={row.id} row={row} />
							))}
						</tbody>
					</table>
				</TableBox>
			)}
			{products.total > products.rows.length ? (
				<p className="text-xs text-muted-foreground">{`Mostrando os ${products.rows.length} mais recentes.`}</p>
			) : null}
		</section>
	)
}

function ProductRow({ row }: { row: Row }) {
	const fetcher = useFetcher<AriaAdminActionData>()
	// Optimistic: the switch shows the new state while the server saves it.
	const active = fetcher.formData ? fetcher.formData.get('active') === 'true' : row.isAvailable
	return (
		<tr className="border-t" data-testid="produto-aria">
			<td className={td}>{row.title}</td>
			<td className={`${td} font-mono text-xs break-all`}>{row.shopifyHandle}</td>
			<td className={`${td} whitespace-nowrap`}>{formatMoney(row.priceCents)}</td>
			<td className={td}>
				<div className="flex max-w-56 flex-wrap gap-1">
					{row.tags.slice(0, 6).map((tag) => (
						<Badge key={tag} variant="secondary">
							{tag}
						</Badge>
					))}
				</div>
			</td>
			<td className={td}>
				<Button
					type="button"
					size="sm"
					variant={active ? 'default' : 'outline'}
					aria-pressed={active}
					aria-label={`${row.title}: ${active ? 'Ativo' : 'Inativo'}`}
					onClick={() => void fetcher.submit({ intent: 'toggle-product', id: row.id, active: String(!active) }, { method: 'post' })}
				>
					{active ? 'Ativo' : 'Inativo'}
				</Button>
			</td>
		</tr>
	)
}
