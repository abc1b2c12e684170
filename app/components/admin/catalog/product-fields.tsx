import { FieldMessage, NativeSelect } from '~/components/admin/admin-page'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { RichTextField } from './rich-text-field'

export type ProductFieldValues = {
	title: string
	handle: string
	descriptionHtml: string
	productType: string
	tags: string
	status: string
	collectionIds: string[]
}

const STATUS_OPTIONS = [
	['active', 'Ativo'],
	['draft', 'Rascunho'],
	['archived', 'Arquivado'],
] as const

/**
 * Title, address, description, type, tags, status and collections: the product's own fields
 * (issue 11). `showStatus` false: the new-product form, where a product always starts as a draft.
 */
export function ProductFields({
	values,
	errors,
	collections,
	showStatus = true,
}: {
	values: ProductFieldValues
	errors: Record<string, string>
	collections: readonly { id: string; title: string }[]
	showStatus?: boolean
}) {
	const field = (name: keyof Omit<ProductFieldValues, 'collectionIds'>, label: string, input: React.ReactNode, hint?: string) => (
		<div className="space-y-1">
			<Label htmlFor={`produto-${name}`}>{label}</Label>
			{input}
			{hint ? (
				<p id={`produto-${name}-dica`} className="text-xs text-muted-foreground">
					{hint}
				</p>
			) : null}
			<FieldMessage id={`produto-${name}-erro`} message={errors[name]} />
		</div>
	)
	const aria = (name: string, hint = false) => ({
		id: `produto-${name}`,
		name,
		'aria-invalid': errors[name] ? true : undefined,
		'aria-describedby': [hint ? `produto-${name}-dica` : null, `produto-${name}-erro`].filter(Boolean).join(' '),
	})
	return (
		<div className="grid gap-x-4 sm:grid-cols-2">
			<div className="sm:col-span-2">
				{field('title', 'Título', <Input {...aria('title')} defaultValue={values.title} maxLength={150} />)}
			</div>
			{field(
				'handle',
				'Endereço (/produto/…)',
				<Input {...aria('handle', true)} defaultValue={values.handle} maxLength={120} />,
				'Vazio: feito a partir do título. Ao mudar, o endereço antigo redireciona para o novo.',
			)}
			{showStatus
				? field(
						'status',
						'Status',
						<NativeSelect {...aria('status', true)} defaultValue={values.status || 'active'}>
							{STATUS_OPTIONS.map(([value, label]) => (
								<option key={value} value={value}>
									{label}
								</option>
							))}
						</NativeSelect>,
						'Ativo: na loja. Para publicar, o produto precisa de foto e preço.',
					)
				: null}
			{field('productType', 'Tipo de produto', <Input {...aria('productType')} defaultValue={values.productType} maxLength={60} />)}
			{field('tags', 'Tags', <Input {...aria('tags', true)} defaultValue={values.tags} />, 'Separadas por vírgula.')}
			<div className="sm:col-span-2">
				{field(
					'descriptionHtml',
					'Descrição',
					<RichTextField
						id="produto-descriptionHtml"
						name="descriptionHtml"
						label="Descrição"
						defaultValue={values.descriptionHtml}
						invalid={Boolean(errors.descriptionHtml)}
						describedBy="produto-descriptionHtml-dica produto-descriptionHtml-erro"
					/>,
					'Negrito, itálico, títulos, listas e links; qualquer outra marcação é removida ao salvar.',
				)}
			</div>
			{collections.length > 0 ? (
				<fieldset className="sm:col-span-2">
					<legend className="mb-1 text-sm font-medium">Coleções</legend>
					<div className="flex flex-wrap gap-x-4 gap-y-1">
						{collections.map((collection) => (
							<label key={collection.id} className="flex items-center gap-2 text-sm">
								<input
									type="checkbox"
									name="collectionId"
									value={collection.id}
									defaultChecked={values.collectionIds.includes(collection.id)}
									className="size-4"
								/>
								{collection.title}
							</label>
						))}
					</div>
				</fieldset>
			) : null}
		</div>
	)
}
