import { XIcon } from '~/components/icons/lucide'
import { useRef } from 'react'
import { data, Form, Link, useActionData, useFetcher, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminPage, FieldMessage } from '~/components/admin/admin-page'
import { CollectionFieldInputs, type CollectionFormValues } from '~/components/admin/catalog/collection-fields'
import { MoveButtons, useReorderableList } from '~/components/admin/reorder'
import { useUnsavedChangesWarning } from '~/components/admin/use-unsaved-changes'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { requireAdmin } from '~/server/auth/guards.server'
import {
	COLLECTION_MESSAGES,
	addProductsToCollection,
	collectionFieldsSchema,
	collectionForEdit,
	deleteCollection,
	productsToAdd,
	removeProductFromCollection,
	reorderCollection,
	setCollectionImage,
	updateCollection,
} from '~/server/catalog-admin/collections.server'
import { readMultipartForm } from '~/server/storage.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import { thumbnailUrl } from '~/utils/responsive-image'
import type { Route } from './+types/collection'

/**
 * /admin/colecoes/:collectionId (issue 11): the collection's fields and picture, its products in
 * the owner's order (arrow buttons, keyboard and touch), adding products found by title, removing.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Editar coleção', matches) }]

export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdmin(request)
	const collection = await collectionForEdit(params.collectionId)
	if (!collection) throw data(null, { status: 404 })
	const query = (new URL(request.url).searchParams.get('adicionar') ?? '').slice(0, 80)
	return { collection, query, candidates: await productsToAdd(collection.id, query) }
}

const intentSchema = z.enum(['save', 'image', 'add', 'remove', 'reorder', 'delete'])

export async function action({ request, params }: Route.ActionArgs) {
	await requireAdmin(request)
	const id = z.uuid().safeParse(params.collectionId)
	if (!id.success) throw data(null, { status: 404 })
	const self = `/admin/colecoes/${id.data}`
	// Multipart for the picture (≤ 5 MB); every other intent is a small form read the same way.
	const read = await readMultipartForm(request, { kind: 'image' })
	if (!read.ok) return data({ errors: { image: read.message } as Record<string, string>, values: undefined }, { status: read.status })
	const form = read.formData
	const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : '')
	const refuse = (errors: Record<string, string>, values?: CollectionFormValues, status = 400) =>
		data(
			{ errors, values },
			{ status, headers: createToastHeaders({ type: 'error', title: COLLECTION_MESSAGES.failed, description: Object.values(errors)[0] }) },
		)
	const intent = intentSchema.safeParse(text('intent'))
	if (!intent.success) return refuse({ form: 'Ação inválida.' })
	switch (intent.data) {
		case 'save': {
			const values = { title: text('title'), handle: text('handle'), description: text('description'), sortOrder: text('sortOrder') }
			const parsed = collectionFieldsSchema.safeParse(values)
			if (!parsed.success) {
				const errors: Record<string, string> = {}
				for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
				return refuse(errors, values)
			}
			const result = await updateCollection(id.data, parsed.data)
			if (!result.ok) return refuse(result.errors, values, result.errors.form ? 404 : 400)
			return redirectWithToast(self, { type: 'success', title: COLLECTION_MESSAGES.saved })
		}
		case 'image': {
			const result = await setCollectionImage(id.data, form.get('image'))
			if (!result.ok) return refuse(result.errors, undefined, result.errors.form ? 404 : 400)
			return redirectWithToast(self, { type: 'success', title: COLLECTION_MESSAGES.saved })
		}
		case 'add': {
			const added = await addProductsToCollection(id.data, form.getAll('productId').map(String))
			if (added === null) return refuse({ form: COLLECTION_MESSAGES.notFound }, undefined, 404)
			return redirectWithToast(self, { type: 'success', title: COLLECTION_MESSAGES.productsAdded })
		}
		case 'remove': {
			if (!(await removeProductFromCollection(id.data, text('productId'))))
				return refuse({ form: COLLECTION_MESSAGES.notFound }, undefined, 404)
			return data(
				{ errors: {} as Record<string, string>, values: undefined },
				{ headers: createToastHeaders({ type: 'success', title: COLLECTION_MESSAGES.productRemoved }) },
			)
		}
		case 'reorder': {
			if (!(await reorderCollection(id.data, form.getAll('productId').map(String))))
				return refuse({ form: COLLECTION_MESSAGES.notFound }, undefined, 404)
			return data(
				{ errors: {} as Record<string, string>, values: undefined },
				{ headers: createToastHeaders({ type: 'success', title: COLLECTION_MESSAGES.orderSaved }) },
			)
		}
		case 'delete': {
			if (!(await deleteCollection(id.data))) return refuse({ form: COLLECTION_MESSAGES.notFound }, undefined, 404)
			return redirectWithToast('/admin/colecoes', { type: 'success', title: COLLECTION_MESSAGES.deleted })
		}
	}
}

export default function CollectionAdmin({ loaderData }: Route.ComponentProps) {
	const { collection, query, candidates } = loaderData
	const answer = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const errors: Record<string, string> = answer?.errors ?? {}
	const fieldsForm = useRef<HTMLFormElement>(null)
	useUnsavedChangesWarning(fieldsForm)
	return (
		<AdminPage
			title={collection.title}
			description={`/categoria/${collection.handle}`}
			actions={
				<Button asChild variant="outline">
					<Link to={`/categoria/${collection.handle}`} target="_blank" rel="noopener">
						Ver na loja
					</Link>
				</Button>
			}
		>
			<div className="grid gap-6 lg:grid-cols-2">
				<Card className="min-w-0">
					<CardHeader>
						<CardTitle>
							<h2 id="dados-colecao">Dados da coleção</h2>
						</CardTitle>
					</CardHeader>
					<CardContent className="space-y-6">
						<Form
							ref={fieldsForm}
							method="post"
							encType="multipart/form-data"
							aria-labelledby="dados-colecao"
							className="space-y-2"
							noValidate
						>
							<input type="hidden" name="intent" value="save" />
							<CollectionFieldInputs
								values={
									answer?.values ?? {
										title: collection.title,
										handle: collection.handle,
										description: collection.description,
										sortOrder: collection.sortOrder,
									}
								}
								errors={errors}
							/>
							<Button type="submit" disabled={busy}>
								{busy ? 'Salvando...' : 'Salvar coleção'}
							</Button>
						</Form>
						<Form method="post" encType="multipart/form-data" className="space-y-2" aria-label="Imagem da coleção">
							<input type="hidden" name="intent" value="image" />
							{collection.imageUrl ? (
								<img
									src={thumbnailUrl(collection.imageUrl, 160)}
									alt=""
									width={160}
									height={160}
									className="size-40 rounded-md border object-cover"
								/>
							) : null}
							<Label htmlFor="colecao-imagem">Imagem</Label>
							<Input
								id="colecao-imagem"
								name="image"
								type="file"
								accept="image/jpeg,image/png,image/webp"
								aria-invalid={errors.image ? true : undefined}
								aria-describedby="colecao-imagem-erro"
							/>
							<FieldMessage id="colecao-imagem-erro" message={errors.image} />
							<Button type="submit" variant="outline" disabled={busy}>
								Enviar imagem
							</Button>
						</Form>
					</CardContent>
				</Card>
				<div className="min-w-0 space-y-6">
					<CollectionProducts key={collection.products.map((p) => p.id).join(',')} products={collection.products} />
					<Card>
						<CardHeader>
							<CardTitle>
								<h2 id="adicionar-produtos">Adicionar produtos</h2>
							</CardTitle>
						</CardHeader>
						<CardContent className="space-y-3">
							<Form method="get" role="search" aria-label="Buscar produtos para adicionar" className="flex gap-2">
								<Label htmlFor="busca-adicionar" className="sr-only">
									Buscar produto
								</Label>
								<Input id="busca-adicionar" name="adicionar" type="search" defaultValue={query} placeholder="Título ou endereço" />
								<Button type="submit" variant="outline">
									Buscar
								</Button>
							</Form>
							{query.length >= 2 && candidates.length === 0 ? (
								<p className="text-sm text-muted-foreground">Nenhum produto encontrado.</p>
							) : null}
							{candidates.length > 0 ? (
								<Form method="post" encType="multipart/form-data" aria-labelledby="adicionar-produtos" className="space-y-2">
									<input type="hidden" name="intent" value="add" />
									<fieldset className="space-y-1">
										<legend className="sr-only">Produtos encontrados</legend>
										{candidates.map((c) => (
											<label key={c.id} className="flex items-center gap-2 text-sm">
												<input type="checkbox" name="productId" value={c.id} className="size-4" />
												{c.title}
											</label>
										))}
									</fieldset>
									<Button type="submit" disabled={busy}>
										Adicionar selecionados
									</Button>
								</Form>
							) : null}
						</CardContent>
					</Card>
				</div>
			</div>
			<Card className="mt-6 border-destructive/50">
				<CardHeader>
					<CardTitle>
						<h2>Excluir coleção</h2>
					</CardTitle>
					<p className="text-sm text-muted-foreground">Os produtos continuam na loja; só a página da coleção deixa de existir.</p>
				</CardHeader>
				<CardContent>
					<Form
						method="post"
						encType="multipart/form-data"
						onSubmit={(event) => {
							if (!window.confirm('Excluir esta coleção?')) event.preventDefault()
						}}
					>
						<input type="hidden" name="intent" value="delete" />
						<Button type="submit" variant="destructive" disabled={busy}>
							Excluir coleção
						</Button>
					</Form>
				</CardContent>
			</Card>
		</AdminPage>
	)
}

type Member = { id: string; title: string; handle: string; status: string; imageUrl: string | null }

/** The members in the manual order; arranged locally, saved with 'Salvar ordem'. */
function CollectionProducts({ products }: { products: Member[] }) {
	const { order, move } = useReorderableList(products)
	const saver = useFetcher()
	const remover = useFetcher()
	const changed = order.some((p, i) => p.id !== products[i]?.id)
	return (
		<Card>
			<CardHeader>
				<CardTitle>
					<h2 id="produtos-colecao">Produtos ({order.length})</h2>
				</CardTitle>
				<p className="text-sm text-muted-foreground">A ordem manual vale quando a coleção está em “Manual”.</p>
			</CardHeader>
			<CardContent>
				{order.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhum produto nesta coleção.</p>
				) : (
					<saver.Form method="post" encType="multipart/form-data" aria-labelledby="produtos-colecao" className="space-y-3">
						<input type="hidden" name="intent" value="reorder" />
						<ol className="divide-y rounded-md border">
							{order.map((product, index) => (
								<li key={product.id} className="flex items-center gap-2 p-2 text-sm" data-testid="produto-colecao">
									<input type="hidden" name="productId" value={product.id} />
									<span className="w-6 text-right text-muted-foreground">{index + 1}</span>
									{product.imageUrl ? (
										<img src={thumbnailUrl(product.imageUrl, 40)} alt="" width={40} height={40} className="size-10 rounded object-cover" />
									) : null}
									<span className="min-w-0 flex-1 truncate">{product.title}</span>
									<MoveButtons
										index={index}
										count={order.length}
										onMove={move}
										variant="ghost"
										labels={{ up: `Mover ${product.title} para cima`, down: `Mover ${product.title} para baixo` }}
									/>
									<Button
										type="button"
										size="icon"
										variant="ghost"
										aria-label={`Remover ${product.title} da coleção`}
										onClick={() =>
											void remover.submit({ intent: 'remove', productId: product.id }, { method: 'post', encType: 'multipart/form-data' })
										}
									>
										<XIcon aria-hidden="true" />
									</Button>
								</li>
							))}
						</ol>
						<Button type="submit" variant="outline" disabled={!changed || saver.state !== 'idle'}>
							{saver.state !== 'idle' ? 'Salvando...' : 'Salvar ordem'}
						</Button>
					</saver.Form>
				)}
			</CardContent>
		</Card>
	)
}
