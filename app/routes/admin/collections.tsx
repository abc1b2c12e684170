import { useRef } from 'react'
import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import { CollectionFieldInputs, type CollectionFormValues as Values } from '~/components/admin/catalog/collection-fields'
import { useUnsavedChangesWarning } from '~/components/admin/use-unsaved-changes'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { COLLECTION_SORT_LABELS } from '~/commerce/rules/browse'
import { requireAdmin } from '~/server/auth/guards.server'
import {
	COLLECTION_MESSAGES,
	collectionFieldsSchema,
	createCollection,
	listCollectionsForAdmin,
} from '~/server/catalog-admin/collections.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/collections'

/** /admin/colecoes (issue 11): the collections with their product counts, and a new one. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Coleções', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { collections: await listCollectionsForAdmin() }
}

export async function action({ request }: Route.ActionArgs) {
	await requireAdmin(request)
	const form = await readFormData(request)
	const text = (name: string) => (typeof form.get(name) === 'string' ? String(form.get(name)) : '')
	const values: Values = {
		title: text('title'),
		handle: text('handle'),
		description: text('description'),
		sortOrder: text('sortOrder') || 'manual',
	}
	const parsed = collectionFieldsSchema.safeParse(values)
	const refuse = (errors: Record<string, string>) =>
		data(
			{ errors, values },
			{
				status: 400,
				headers: createToastHeaders({ type: 'error', title: COLLECTION_MESSAGES.failed, description: Object.values(errors)[0] }),
			},
		)
	if (!parsed.success) {
		const errors: Record<string, string> = {}
		for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
		return refuse(errors)
	}
	const created = await createCollection(parsed.data)
	if (!created.ok) return refuse(created.errors)
	return redirectWithToast(`/admin/colecoes/${created.id}`, { type: 'success', title: COLLECTION_MESSAGES.created })
}

export default function CollectionsAdmin({ loaderData }: Route.ComponentProps) {
	const answer = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const errors: Record<string, string> = answer?.errors ?? {}
	const values = answer?.values
	const newForm = useRef<HTMLFormElement>(null)
	useUnsavedChangesWarning(newForm)
	return (
		<AdminPage title="Coleções" description="Cada coleção é uma página de categoria da loja (/categoria/endereço).">
			<div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
				<div className="min-w-0">
					{loaderData.collections.length === 0 ? (
						<p className="text-sm text-muted-foreground">Nenhuma coleção ainda.</p>
					) : (
						<TableBox label="Coleções">
							<table className="w-full text-sm">
								<thead className="bg-muted/50">
									<tr>
										{['Coleção', 'Endereço', 'Produtos', 'Ordem'].map((label) => (
											<th key={label} className={th} scope="col">
												{label}
											</th>
										))}
									</tr>
								</thead>
								<tbody className="divide-y">
									{loaderData.collections.map((c) => (
										<tr key={c.id} data-testid="linha-colecao">
											<td className={td}>
												<Link to={`/admin/colecoes/${c.id}`} className="font-medium underline-offset-4 hover:underline">
													{c.title}
												</Link>
											</td>
											<td className={`${td} whitespace-nowrap text-muted-foreground`}>/categoria/{c.handle}</td>
											<td className={td}>{c.productCount}</td>
											<td className={`${td} whitespace-nowrap`}>{COLLECTION_SORT_LABELS[c.sortOrder]}</td>
										</tr>
									))}
								</tbody>
							</table>
						</TableBox>
					)}
				</div>
				<Card>
					<CardHeader>
						<CardTitle>
							<h2 id="nova-colecao">Nova coleção</h2>
						</CardTitle>
					</CardHeader>
					<CardContent>
						<Form ref={newForm} method="post" aria-labelledby="nova-colecao" className="space-y-2" noValidate>
							<CollectionFieldInputs values={values} errors={errors} />
							<Button type="submit" disabled={busy}>
								{busy ? 'Criando...' : 'Criar coleção'}
							</Button>
						</Form>
					</CardContent>
				</Card>
			</div>
		</AdminPage>
	)
}
