import { ArrowLeftIcon, DownloadIcon } from 'lucide-react'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { requireAdmin } from '~/server/auth/guards.server'
import { applyProductImport, planProductImport } from '~/server/catalog-admin/product-import.server'
import { PRODUCT_CSV_MAX_BYTES, parseShopifyProductCsv } from '~/server/catalog-admin/shopify-csv'
import { readMultipartForm } from '~/server/storage.server'
import { redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/products-import'
import { CheckCount, ImportFileStep } from '~/components/admin/import-check'

/**
 * /admin/produtos/importar (issue 11): a product CSV in the Shopify layout, checked first — what
 * would be created, what would change in existing products, what is invalid — and written only
 * when the owner confirms. The confirmation sends the same text back and it is checked again.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Importar produtos', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return null
}

const intentSchema = z.enum(['check', 'import'])

type Answer = {
	error: string | null
	csv: string
	fileName: string
	plan: Awaited<ReturnType<typeof planProductImport>> | null
}

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	// The file (≤ 5 MB) on 'check'; the same text sent back on 'import'.
	const read = await readMultipartForm(request, { kind: 'image', maxBytes: 3 * PRODUCT_CSV_MAX_BYTES + 64 * 1024 })
	const fail = (error: string, status = 400, keep: Partial<Answer> = {}) =>
		data<Answer>({ error, csv: '', fileName: '', plan: null, ...keep }, { status })
	if (!read.ok) return fail('O arquivo é grande demais (máximo 5 MB).', read.status)
	const form = read.formData
	const intent = intentSchema.safeParse(form.get('intent'))
	if (!intent.success) return fail('Ação inválida.')
	const upload = form.get('file')
	let csv = typeof form.get('csv') === 'string' ? String(form.get('csv')) : ''
	let fileName = typeof form.get('fileName') === 'string' ? String(form.get('fileName')).slice(0, 200) : ''
	if (intent.data === 'check' && upload instanceof File && upload.size > 0) {
		if (upload.size > PRODUCT_CSV_MAX_BYTES) return fail('O arquivo é grande demais (máximo 5 MB).')
		csv = await upload.text()
		fileName = upload.name.slice(0, 200)
	}
	if (csv.trim() === '') return fail('Escolha o arquivo CSV de produtos.')
	const parsed = parseShopifyProductCsv(csv)
	if (!parsed.ok) return fail(parsed.message, 400, { fileName })
	const plan = await planProductImport(parsed.products, parsed.invalid)
	if (intent.data === 'check') return data<Answer>({ error: null, csv, fileName, plan })

	const writable = new Set(plan.items.filter((i) => i.action !== 'unchanged').map((i) => i.handle))
	if (writable.size === 0) return fail('Nada a importar: nenhum produto novo ou alterado.', 400, { csv, fileName, plan })
	const result = await applyProductImport(
		parsed.products.filter((p) => writable.has(p.handle)),
		admin.id,
	)
	return redirectWithToast('/admin/produtos', {
		type: 'success',
		title: 'Importação concluída!',
		description: `${result.created} ${result.created === 1 ? 'produto criado' : 'produtos criados'}, ${result.updated} ${result.updated === 1 ? 'atualizado' : 'atualizados'}.`,
	})
}

const ACTION_LABELS = { create: 'Criar', update: 'Atualizar', unchanged: 'Sem mudanças' } as const

export default function ProductsImport({ actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const busy = navigation.state === 'submitting'
	const plan = actionData?.plan ?? null
	const toWrite = plan?.items.filter((i) => i.action !== 'unchanged').length ?? 0
	return (
		<AdminPage
			title="Importar produtos"
			description="Traga o catálogo de outra loja (Shopify, Nuvemshop) em CSV. Nada é gravado antes da sua confirmação."
			actions={
				<>
					<Button asChild variant="outline">
						<Link to="/admin/produtos">
							<ArrowLeftIcon aria-hidden="true" />
							Voltar para produtos
						</Link>
					</Button>
					<Button asChild variant="outline">
						<a href="/admin/produtos/exportar.csv" download>
							<DownloadIcon aria-hidden="true" />
							Exportar catálogo
						</a>
					</Button>
				</>
			}
		>
			<div className="grid gap-6">
				<ImportFileStep
					inputId="products-file"
					busy={busy && navigation.formData?.get('intent') === 'check'}
					error={actionData?.error}
					format={
						<>
							O modelo de CSV de produtos do Shopify: uma linha por variante, com <code>Handle</code>, <code>Title</code>,{' '}
							<code>Body (HTML)</code>, <code>Type</code>, <code>Tags</code>, <code>Status</code>, <code>Option1 Name</code>/
							<code>Option1 Value</code> (até 3 opções), <code>Variant SKU</code>, <code>Variant Price</code>,{' '}
							<code>Variant Compare At Price</code>, <code>Variant Inventory Qty</code> e <code>Image Src</code>. Produtos que já existem
							(mesmo Handle) são atualizados só no que o arquivo traz; imagens de outros sites não são baixadas.
						</>
					}
				/>

				{plan ? (
					<section aria-labelledby="import-report-title" className="grid gap-4">
						<h2 id="import-report-title" className="text-xl font-semibold">
							2. Resultado da verificação{actionData?.fileName ? ` de ${actionData.fileName}` : ''}
						</h2>
						<dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Resumo da verificação">
							<CheckCount label="Novos" value={plan.items.filter((i) => i.action === 'create').length} />
							<CheckCount label="Alterados" value={plan.items.filter((i) => i.action === 'update').length} />
							<CheckCount label="Sem mudanças" value={plan.items.filter((i) => i.action === 'unchanged').length} />
							<CheckCount label="Inválidos" value={plan.invalid.length} />
						</dl>
						{plan.items.length > 0 ? (
							<TableBox label="O que a importação fará">
								<table className="w-full text-sm">
									<caption className="p-2 text-left font-semibold">O que a importação fará</caption>
									<thead className="bg-muted/60">
										<tr>
											{['Linha', 'Produto', 'Ação', 'Mudanças'].map((label) => (
												<th key={label} scope="col" className={th}>
													{label}
												</th>
											))}
										</tr>
									</thead>
									<tbody>
										{plan.items.map((item) => (
											<tr key={item.handle} className="border-t align-top" data-testid="linha-importacao">
												<td className={td}>{item.line}</td>
												<th scope="row" className={`${td} text-left font-medium`}>
													{item.title}
													<span className="block text-xs font-normal text-muted-foreground">{item.handle}</span>
												</th>
												<td className={td}>{ACTION_LABELS[item.action]}</td>
												<td className={td}>
													<ul className="space-y-0.5">
														{item.changes.map((change) => (
															<li key={change}>{change}</li>
														))}
														{item.skippedImages > 0 ? (
															<li className="text-muted-foreground">
																{item.skippedImages} {item.skippedImages === 1 ? 'imagem de outro site' : 'imagens de outros sites'}: envie
																na página do produto
															</li>
														) : null}
													</ul>
												</td>
											</tr>
										))}
									</tbody>
								</table>
							</TableBox>
						) : null}
						{plan.invalid.length > 0 ? (
							<div className="rounded-lg border border-destructive/50 p-3">
								<h3 className="font-semibold">Inválidos (não serão importados)</h3>
								<ul className="mt-2 space-y-1 text-sm">
									{plan.invalid.map((entry) => (
										<li key={`${entry.handle}-${entry.line}`}>
											<strong>{entry.handle}</strong>: {entry.messages.join(' ')}
										</li>
									))}
								</ul>
							</div>
						) : null}
						<Form method="post" encType="multipart/form-data">
							<input type="hidden" name="intent" value="import" />
							<input type="hidden" name="csv" value={actionData?.csv ?? ''} />
							<input type="hidden" name="fileName" value={actionData?.fileName ?? ''} />
							<Button type="submit" disabled={busy || toWrite === 0}>
								{busy && navigation.formData?.get('intent') === 'import'
									? 'Importando...'
									: `Importar ${toWrite} ${toWrite === 1 ? 'produto' : 'produtos'}`}
							</Button>
						</Form>
					</section>
				) : null}
			</div>
		</AdminPage>
	)
}
