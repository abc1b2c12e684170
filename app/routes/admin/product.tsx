import { Fragment, useRef } from 'react'
import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import { useUnsavedChangesWarning } from '~/components/admin/use-unsaved-changes'
import { z } from 'zod'
import { AdminPage, FieldMessage, NativeSelect, TableBox, td, th } from '~/components/admin/admin-page'
import { formatMoneyInput } from '~/components/admin/money'
import { ProductFields } from '~/components/admin/catalog/product-fields'
import { StockHistoryTable } from '~/components/admin/catalog/stock-history-table'
import { ProductImagesEditor } from '~/components/admin/catalog/product-images-editor'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { OptionChips, type OptionChipValues } from '~/components/admin/catalog/option-chips'
import { actorOf } from '~/server/activity/record.server'
import { requireAdmin } from '~/server/auth/guards.server'
import {
	arrangeProductImages,
	checkImageArrangement,
	listProductImages,
	removeImageFiles,
} from '~/server/catalog-admin/product-images.server'
import { collectionChoices, productForEdit } from '~/server/catalog-admin/product-list.server'
import { deleteOrArchiveProduct, duplicateProduct, PRODUCT_ADMIN_MESSAGES, updateProduct } from '~/server/catalog-admin/products.server'
import { adjustStock, STOCK_MESSAGES, stockAdjustmentSchema, stockHistory } from '~/server/catalog-admin/stock.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/product'
import { defaultItemSize } from '~/commerce/rules/packing'
import { draftReason, publishMissing } from '~/utils/product-draft'
import {
	optionValuesOf,
	parseOptions,
	parseProductValues,
	parseVariantValues,
	type ProductFormValues,
	productValuesOf,
	type VariantFormValues,
	variantRowsOf,
} from './product-form-data'

/**
 * /admin/produtos/:productId (issue 11): the product's fields and its variants (price,
 * compare-at, SKU, stock, available) saved together under a version check; stock adjustments
 * with a reason and their history; duplicate; delete (archived instead when it has orders).
 * Issue 30: one 'Salvar' saves the fields, the variants, the options (chips) and the pictures'
 * order, alt texts and removals in one transaction, with one toast; a draft says what it still
 * lacks to be published (a picture, a price) and can be published only once it has both.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Editar produto', matches) }]

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const product = await productForEdit(params.productId)
	if (!product) throw data(null, { status: 404 })
	const [collections, history, images] = await Promise.all([collectionChoices(), stockHistory(product.id), listProductImages(product.id)])
	return { product, collections, history, images }
}

type Answer =
	| {
			form: 'product'
			errors: Record<string, string>
			values: ProductFormValues
			variants: VariantFormValues[]
			options: OptionChipValues[]
			conflict?: boolean
	  }
	| { form: 'stock'; errors: Record<string, string>; values: { variantId: string; delta: string; reason: string } }
	| { form: 'none'; errors: Record<string, string> }

const intentSchema = z.enum(['save', 'adjust-stock', 'duplicate', 'delete'])

export async function action({ request, params, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const productId = z.uuid().safeParse(params.productId)
	if (!productId.success) throw data(null, { status: 404 })
	const form = await readFormData(request)
	const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : '')
	const self = `/admin/produtos/${productId.data}`
	const refuse = (answer: Answer, status = 400) =>
		data(answer, {
			status,
			headers: createToastHeaders({ type: 'error', title: PRODUCT_ADMIN_MESSAGES.failed, description: Object.values(answer.errors)[0] }),
		})

	const intent = intentSchema.safeParse(text('intent'))
	if (!intent.success) return refuse({ form: 'none', errors: { form: 'Ação inválida.' } })
	switch (intent.data) {
		case 'save': {
			const values = productValuesOf(form)
			// 'Salvar e publicar' (a draft with a picture and a price): the same save, as Ativo.
			const status = text('publish') === '1' ? 'active' : values.status
			const rows = variantRowsOf(form)
			const options = optionValuesOf(form)
			const errors: Record<string, string> = {}
			const fields = parseProductValues({ ...values, status }, errors)
			const variants = rows.map((row, i) => {
				const parsed = parseVariantValues(row, errors, `variant.${i}.`, { unpriced: status !== 'active' })
				return parsed ? { ...parsed, id: row.id, imageId: z.uuid().safeParse(row.imageId).success ? row.imageId : null } : null
			})
			const parsedOptions = parseOptions(options, errors)
			const images: Array<{ id: string; altText: string }> = []
			for (let i = 0; i < 100 && form.has(`image.${i}.id`); i++) images.push({ id: text(`image.${i}.id`), altText: text(`image.${i}.alt`) })
			const arrangement = checkImageArrangement(
				images,
				form.getAll('imageRemove').filter((v): v is string => typeof v === 'string'),
			)
			if (!arrangement.ok) errors.images = arrangement.message
			const version = Number(text('version'))
			const answer = { form: 'product' as const, values, variants: rows, options }
			if (!fields || variants.some((v) => v === null) || !parsedOptions || !arrangement.ok || !Number.isInteger(version)) {
				return refuse({ ...answer, errors: Object.keys(errors).length ? errors : { form: 'Formulário inválido.' } })
			}
			let removedFiles: string[] = []
			const result = await updateProduct({
				id: productId.data,
				version,
				fields,
				variants: variants.filter((v) => v !== null),
				collectionIds: values.collectionIds,
				options: parsedOptions,
				alsoInTransaction: async (tx) => {
					removedFiles = await arrangeProductImages(tx, productId.data, arrangement.value)
				},
				userId: admin.id,
				ip: context.clientIp,
			})
			if (!result.ok) {
				const conflict = result.errors.form === PRODUCT_ADMIN_MESSAGES.conflict
				return refuse({ ...answer, errors: result.errors, conflict }, conflict ? 409 : 400)
			}
			await removeImageFiles(removedFiles)
			const created = result.variantsCreated ?? 0
			const removed = result.variantsRemoved ?? 0
			const summary = [
				created ? `${created} ${created === 1 ? 'variante nova' : 'variantes novas'}` : '',
				removed ? `${removed} ${removed === 1 ? 'variante removida' : 'variantes removidas'}` : '',
			].filter(Boolean)
			return redirectWithToast(self, {
				type: 'success',
				title: PRODUCT_ADMIN_MESSAGES.saved,
				description: summary.length ? `${summary.join(', ')}. Confira preços e estoque.` : undefined,
			})
		}
		case 'adjust-stock': {
			const values = { variantId: text('variantId'), delta: text('delta'), reason: text('reason') }
			const delta = values.delta.trim().replace(/^\+/, '')
			const parsed = stockAdjustmentSchema.safeParse({
				delta: /^-?\d{1,6}$/.test(delta) ? Number(delta) : values.delta,
				reason: values.reason,
			})
			if (!parsed.success) {
				const errors: Record<string, string> = {}
				for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
				return refuse({ form: 'stock', errors, values })
			}
			const variantId = z.uuid().safeParse(values.variantId)
			if (!variantId.success) return refuse({ form: 'stock', errors: { variantId: STOCK_MESSAGES.notFound }, values })
			const result = await adjustStock({ productId: productId.data, variantId: variantId.data, ...parsed.data, userId: admin.id, ip: context.clientIp })
			if (!result.ok) return refuse({ form: 'stock', errors: result.errors, values })
			return redirectWithToast(self, { type: 'success', title: STOCK_MESSAGES.adjusted })
		}
		case 'duplicate': {
			const result = await duplicateProduct(productId.data, actorOf(admin, context))
			if (!result.ok) return refuse({ form: 'none', errors: result.errors }, 404)
			return redirectWithToast(`/admin/produtos/${result.id}`, { type: 'success', title: PRODUCT_ADMIN_MESSAGES.duplicated })
		}
		case 'delete': {
			const result = await deleteOrArchiveProduct(productId.data, actorOf(admin, context))
			if (!result.ok) return refuse({ form: 'none', errors: { form: result.message } }, 404)
			if (result.archived) return redirectWithToast(self, { type: 'success', title: PRODUCT_ADMIN_MESSAGES.archivedInstead })
			return redirectWithToast('/admin/produtos', { type: 'success', title: PRODUCT_ADMIN_MESSAGES.deleted })
		}
	}
}

export default function ProductAdmin({ loaderData }: Route.ComponentProps) {
	const { product, collections, history, images } = loaderData
	const answer = useActionData<typeof action>() as Answer | undefined
	const busy = useNavigation().state === 'submitting'
	const formRef = useRef<HTMLFormElement>(null)
	useUnsavedChangesWarning(formRef)
	const productAnswer = answer?.form === 'product' ? answer : undefined
	const stockAnswer = answer?.form === 'stock' ? answer : undefined
	const errors = productAnswer?.errors ?? {}
	const missing = publishMissing({ imageCount: images.length, priceCents: product.variants.map((v) => v.priceCents) })
	const values: ProductFormValues = productAnswer?.values ?? {
		title: product.title,
		handle: product.handle,
		descriptionHtml: product.descriptionHtml,
		productType: product.productType,
		tags: product.tags.join(', '),
		status: product.status,
		collectionIds: product.collectionIds,
	}
	const rows: VariantFormValues[] =
		productAnswer?.variants ??
		product.variants.map((v) => ({
			id: v.id,
			title: v.title,
			// A product not for sale may have no price yet (0): shown blank (issue 30).
			price: v.priceCents === 0 && product.status !== 'active' ? '' : formatMoneyInput(v.priceCents),
			compareAtPrice: v.compareAtPriceCents === null ? '' : formatMoneyInput(v.compareAtPriceCents),
			sku: v.sku ?? '',
			stock: v.stock === null ? '' : String(v.stock),
			available: v.available,
			weight: v.weightGrams === null ? '' : String(v.weightGrams),
			dimensions: v.lengthCm !== null && v.widthCm !== null && v.heightCm !== null ? `${v.lengthCm} x ${v.widthCm} x ${v.heightCm}` : '',
			imageId: v.imageId ?? '',
		}))
	// Decision 086: a blank weight or size is the product type's default, shown as the placeholder.
	const typeSize = defaultItemSize(product.productType)
	const tracked = product.variants.filter((v) => v.stock !== null)
	return (
		<AdminPage
			title={product.title}
			description={`/produto/${product.handle}`}
			actions={
				<>
					{product.status === 'active' ? (
						<Button asChild variant="outline">
							<Link to={`/produto/${product.handle}`} target="_blank" rel="noopener">
								Ver na loja
							</Link>
						</Button>
					) : null}
					<Form method="post">
						<input type="hidden" name="intent" value="duplicate" />
						<Button type="submit" variant="outline" disabled={busy}>
							Duplicar
						</Button>
					</Form>
				</>
			}
		>
			<Form ref={formRef} method="post" className="space-y-6" noValidate aria-label="Editar produto">
				<input type="hidden" name="intent" value="save" />
				<input type="hidden" name="version" value={product.version} />
				{errors.form ? (
					<p role="alert" className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
						{errors.form}
						{productAnswer?.conflict ? (
							<>
								{' '}
								<Link to="." reloadDocument className="underline">
									Recarregar
								</Link>
							</>
						) : null}
					</p>
				) : null}
				{product.status === 'draft' ? (
					<div className="rounded-md border border-amber-500/60 bg-amber-50 p-3 text-sm dark:bg-amber-950/40" data-testid="aviso-rascunho">
						<p>
							<strong>{draftReason(missing)}</strong>{' '}
							{missing.length
								? 'O produto não aparece na loja; ele pode ser publicado quando tiver foto e preço.'
								: 'Ele ainda não aparece na loja: use “Salvar e publicar”.'}
						</p>
					</div>
				) : null}
				{/* Remounted after each save: the chips and the pictures start again from what was stored. */}
				<Fragment key={product.version}>
					<Card>
						<CardContent className="pt-6">
							<ProductFields values={values} errors={errors} collections={collections} />
						</CardContent>
					</Card>
					<ProductImagesEditor productId={product.id} images={images} error={errors.images} />
					<Card>
						<CardHeader>
							<CardTitle>
								<h2>Opções</h2>
							</CardTitle>
						</CardHeader>
						<CardContent>
							<OptionChips
								initial={productAnswer?.options ?? product.options.map((o) => ({ name: o.name, values: o.values }))}
								error={errors.options}
								hint={
									<>
										Variantes que continuam mantêm preço, SKU e estoque; as novas começam com o preço da primeira variante
										{tracked.length > 0 ? ' e estoque 0' : ''} e aparecem abaixo depois de salvar.
									</>
								}
							/>
						</CardContent>
					</Card>
				</Fragment>
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Variantes</h2>
						</CardTitle>
						{product.options.length > 0 ? (
							<p className="text-sm text-muted-foreground">{product.options.map((o) => `${o.name}: ${o.values.join(', ')}`).join(' · ')}</p>
						) : null}
					</CardHeader>
					<CardContent>
						<TableBox label="Variantes">
							<table className="w-full text-sm">
								<thead className="bg-muted/50">
									<tr>
										{['Variante', 'Preço (R$)', 'Comparação (R$)', 'SKU', 'Estoque', 'Peso (g)', 'Medidas (cm)', 'Imagem', 'À venda'].map((label) => (
											<th key={label} className={th} scope="col">
												{label}
											</th>
										))}
									</tr>
								</thead>
								<tbody className="divide-y">
									{rows.map((row, i) => {
										const error = (name: string) => errors[`variant.${i}.${name}`]
										const cell = (
											name: 'price' | 'compareAtPrice' | 'sku' | 'stock' | 'weight' | 'dimensions',
											label: string,
											width: string,
											placeholder?: string,
										) => (
											<td className={td}>
												<Input
													name={`variant.${i}.${name}`}
													defaultValue={row[name]}
													aria-label={`${row.title}: ${label}`}
													aria-invalid={error(name) ? true : undefined}
													aria-describedby={error(name) ? `variante-${i}-erro` : undefined}
													inputMode={name === 'sku' || name === 'dimensions' ? undefined : name === 'stock' || name === 'weight' ? 'numeric' : 'decimal'}
													placeholder={placeholder}
													className={width}
												/>
											</td>
										)
										const rowError = ['price', 'compareAtPrice', 'sku', 'stock', 'weight', 'dimensions'].map(error).find(Boolean)
										return (
											<tr key={row.id}>
												<td className={td}>
													<input type="hidden" name={`variant.${i}.id`} value={row.id} />
													<input type="hidden" name={`variant.${i}.title`} value={row.title} />
													<span className="font-medium">{row.title}</span>
													{rowError ? (
														<p id={`variante-${i}-erro`} className="text-xs text-destructive">
															{rowError}
														</p>
													) : null}
												</td>
												{cell('price', 'preço', 'w-24', product.status === 'active' ? undefined : 'sem preço')}
												{cell('compareAtPrice', 'preço de comparação', 'w-24')}
												{cell('sku', 'SKU', 'w-28')}
												{cell('stock', 'estoque', 'w-20')}
												{cell('weight', 'peso em gramas', 'w-20', String(typeSize.weightGrams))}
												{cell('dimensions', 'medidas em cm (comprimento x largura x altura)', 'w-28', `${typeSize.lengthCm} x ${typeSize.widthCm} x ${typeSize.heightCm}`)}
												<td className={td}>
													<NativeSelect
														name={`variant.${i}.imageId`}
														defaultValue={row.imageId}
														aria-label={`${row.title}: imagem`}
														className="w-36"
														disabled={images.length === 0}
													>
														<option value="">Primeira imagem</option>
														{images.map((image, n) => (
															<option key={image.id} value={image.id}>
																{`Imagem ${n + 1}${image.altText ? ` – ${image.altText.slice(0, 30)}` : ''}`}
															</option>
														))}
													</NativeSelect>
												</td>
												<td className={td}>
													<input
														type="checkbox"
														name={`variant.${i}.available`}
														defaultChecked={row.available}
														aria-label={`${row.title}: à venda`}
														className="size-4"
													/>
												</td>
											</tr>
										)
									})}
								</tbody>
							</table>
						</TableBox>
						<p className="mt-2 text-xs text-muted-foreground">Estoque vazio: sob encomenda (não controla).</p>
					</CardContent>
				</Card>
				{/* Issue 30: one save bar for everything above, kept in view at the bottom of the screen. */}
				<div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-3 rounded-md border bg-background/95 px-4 py-3 shadow-sm backdrop-blur">
					<Button type="submit" disabled={busy} className="max-sm:flex-1">
						{busy ? 'Salvando...' : 'Salvar'}
					</Button>
					{product.status === 'draft' && missing.length === 0 ? (
						<Button type="submit" name="publish" value="1" variant="outline" disabled={busy} className="max-sm:flex-1">
							Salvar e publicar
						</Button>
					) : null}
					<p className="text-xs text-muted-foreground max-sm:hidden">Salva dados, opções, variantes e a ordem das imagens.</p>
				</div>
			</Form>

			{tracked.length > 0 ? (
				<Card className="mt-6">
					<CardHeader>
						<CardTitle>
							<h2 id="ajuste-estoque">Ajustar estoque</h2>
						</CardTitle>
					</CardHeader>
					<CardContent className="space-y-4">
						<Form method="post" aria-labelledby="ajuste-estoque" className="grid gap-x-4 sm:grid-cols-4" noValidate>
							<input type="hidden" name="intent" value="adjust-stock" />
							<div className="space-y-1 sm:col-span-2">
								<Label htmlFor="estoque-variante">Variante</Label>
								<NativeSelect id="estoque-variante" name="variantId" defaultValue={stockAnswer?.values.variantId}>
									{tracked.map((v) => (
										<option key={v.id} value={v.id}>
											{v.title} ({v.stock} em estoque)
										</option>
									))}
								</NativeSelect>
							</div>
							<div className="space-y-1">
								<Label htmlFor="estoque-delta">Quantidade (+/−)</Label>
								<Input
									id="estoque-delta"
									name="delta"
									inputMode="numeric"
									defaultValue={stockAnswer?.values.delta}
									aria-invalid={stockAnswer?.errors.delta ? true : undefined}
									aria-describedby="estoque-delta-erro"
								/>
								<FieldMessage id="estoque-delta-erro" message={stockAnswer?.errors.delta ?? stockAnswer?.errors.variantId} />
							</div>
							<div className="space-y-1">
								<Label htmlFor="estoque-motivo">Motivo</Label>
								<Input
									id="estoque-motivo"
									name="reason"
									defaultValue={stockAnswer?.values.reason}
									placeholder="Reposição, avaria…"
									aria-invalid={stockAnswer?.errors.reason ? true : undefined}
									aria-describedby="estoque-motivo-erro"
								/>
								<FieldMessage id="estoque-motivo-erro" message={stockAnswer?.errors.reason} />
							</div>
							<div className="sm:col-span-4">
								<Button type="submit" variant="outline" disabled={busy}>
									Registrar ajuste
								</Button>
							</div>
						</Form>
						{history.length > 0 ? <StockHistoryTable label="Histórico de estoque" rows={history} /> : null}
					</CardContent>
				</Card>
			) : null}

			<Card className="mt-6 border-destructive/50">
				<CardHeader>
					<CardTitle>
						<h2>Excluir produto</h2>
					</CardTitle>
					<p className="text-sm text-muted-foreground">Um produto com pedidos é arquivado em vez de excluído.</p>
				</CardHeader>
				<CardContent>
					<Form
						method="post"
						onSubmit={(event) => {
							if (!window.confirm('Excluir este produto? Esta ação não pode ser desfeita.')) event.preventDefault()
						}}
					>
						<input type="hidden" name="intent" value="delete" />
						<Button type="submit" variant="destructive" disabled={busy}>
							Excluir produto
						</Button>
					</Form>
				</CardContent>
			</Card>
		</AdminPage>
	)
}
