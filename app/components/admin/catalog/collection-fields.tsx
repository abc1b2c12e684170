import { FieldMessage, NativeSelect } from '~/components/admin/admin-page'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { COLLECTION_SORT_LABELS, COLLECTION_SORT_ORDERS } from '~/commerce/rules/browse'

export type CollectionFormValues = { title: string; handle: string; description: string; sortOrder: string }

/** Title, handle, description and default order: shared by the new and the edit forms. */
export function CollectionFieldInputs({ values, errors }: { values?: Partial<CollectionFormValues>; errors: Record<string, string> }) {
	const field = (name: 'title' | 'handle', label: string, hint?: string) => (
		<div className="space-y-1">
			<Label htmlFor={`colecao-${name}`}>{label}</Label>
			<Input
				id={`colecao-${name}`}
				name={name}
				defaultValue={values?.[name]}
				placeholder={hint}
				aria-invalid={errors[name] ? true : undefined}
				aria-describedby={`colecao-${name}-erro`}
			/>
			<FieldMessage id={`colecao-${name}-erro`} message={errors[name]} />
		</div>
	)
	return (
		<>
			{field('title', 'Título')}
			{field('handle', 'Endereço', 'Gerado a partir do título')}
			<div className="space-y-1">
				<Label htmlFor="colecao-description">Descrição</Label>
				<Textarea
					id="colecao-description"
					name="description"
					rows={3}
					defaultValue={values?.description}
					aria-invalid={errors.description ? true : undefined}
					aria-describedby="colecao-description-erro"
				/>
				<FieldMessage id="colecao-description-erro" message={errors.description} />
			</div>
			<div className="space-y-1">
				<Label htmlFor="colecao-sortOrder">Ordem dos produtos</Label>
				<NativeSelect id="colecao-sortOrder" name="sortOrder" defaultValue={values?.sortOrder ?? 'manual'}>
					{COLLECTION_SORT_ORDERS.map((order) => (
						<option key={order} value={order}>
							{COLLECTION_SORT_LABELS[order]}
						</option>
					))}
				</NativeSelect>
				<FieldMessage id="colecao-sortOrder-erro" message={errors.sortOrder} />
			</div>
		</>
	)
}
