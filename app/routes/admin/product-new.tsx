import { useRef } from 'react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import { useUnsavedChangesWarning } from '~/components/admin/use-unsaved-changes'
import { AdminPage, FieldMessage } from '~/components/admin/admin-page'
import { ProductFields } from '~/components/admin/catalog/product-fields'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { requireAdmin } from '~/server/auth/guards.server'
import { MAX_VARIANTS } from '~/server/catalog-admin/product-form'
import { collectionChoices } from '~/server/catalog-admin/product-list.server'
import { createProduct, PRODUCT_ADMIN_MESSAGES } from '~/server/catalog-admin/products.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/product-new'
import {
	newVariantValuesOf,
	parseOptions,
	parseProductValues,
	parseVariantValues,
	type ProductFormValues,
	productValuesOf,
	type VariantFormValues,
} from './product-form-data'

/**
 * /admin/produtos/novo (issue 11): the product's fields, its options as lines ('Tamanho: P, M,
 * G'), which become every combination of variants, and the price and stock they start with.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Novo produto', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { collections: await collectionChoices(), maxVariants: MAX_VARIANTS }
}

type Answer = { errors: Record<string, string>; values: ProductFormValues; variant: VariantFormValues; options: string }

export async function action({ request }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	const values = productValuesOf(form)
	const variant = newVariantValuesOf(form)
	const optionsText = typeof form.get('options') === 'string' ? String(form.get('options')) : ''
	const errors: Record<string, string> = {}
	const fields = parseProductValues(values, errors)
	const variantFields = parseVariantValues(variant, errors)
	const options = parseOptions(optionsText, errors)
	const refuse = (answerErrors: Record<string, string>) =>
		data({ errors: answerErrors, values, variant, options: optionsText } satisfies Answer, {
			status: 400,
			headers: createToastHeaders({ type: 'error', title: PRODUCT_ADMIN_MESSAGES.failed, description: Object.values(answerErrors)[0] }),
		})
	if (!fields || !variantFields || !options) return refuse(errors)
	const result = await createProduct({ fields, options, variant: variantFields, collectionIds: values.collectionIds, userId: admin.id })
	if (!result.ok) return refuse(result.errors)
	return redirectWithToast(`/admin/produtos/${result.id}`, { type: 'success', title: PRODUCT_ADMIN_MESSAGES.created })
}

const EMPTY: ProductFormValues = {
	title: '',
	handle: '',
	descriptionHtml: '',
	productType: '',
	tags: '',
	status: 'active',
	collectionIds: [],
}

export default function NewProduct({ loaderData }: Route.ComponentProps) {
	const answer = useActionData<typeof action>() as Answer | undefined
	const busy = useNavigation().state === 'submitting'
	const formRef = useRef<HTMLFormElement>(null)
	useUnsavedChangesWarning(formRef)
	const errors = answer?.errors ?? {}
	const variant = answer?.variant
	const money = (name: 'price' | 'compareAtPrice' | 'sku' | 'stock', label: string, hint?: string) => (
		<div className="space-y-1">
			<Label htmlFor={`novo-${name}`}>{label}</Label>
			<Input
				id={`novo-${name}`}
				name={name}
				defaultValue={variant?.[name] ?? ''}
				inputMode={name === 'sku' ? undefined : name === 'stock' ? 'numeric' : 'decimal'}
				aria-invalid={errors[name] ? true : undefined}
				aria-describedby={[hint ? `novo-${name}-dica` : null, `novo-${name}-erro`].filter(Boolean).join(' ')}
			/>
			{hint ? (
				<p id={`novo-${name}-dica`} className="text-xs text-muted-foreground">
					{hint}
				</p>
			) : null}
			<FieldMessage id={`novo-${name}-erro`} message={errors[name]} />
		</div>
	)
	return (
		<AdminPage title="Novo produto">
			<Form ref={formRef} method="post" className="space-y-6" noValidate aria-label="Novo produto">
				{errors.form ? (
					<p role="alert" className="text-sm font-medium text-destructive">
						{errors.form}
					</p>
				) : null}
				<Card>
					<CardContent className="pt-6">
						<ProductFields values={answer?.values ?? EMPTY} errors={errors} collections={loaderData.collections} />
					</CardContent>
				</Card>
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Opções e variantes</h2>
						</CardTitle>
					</CardHeader>
					<CardContent className="space-y-4">
						<div className="space-y-1">
							<Label htmlFor="novo-options">Opções (uma por linha)</Label>
							<Textarea
								id="novo-options"
								name="options"
								rows={3}
								defaultValue={answer?.options ?? ''}
								placeholder={'Tamanho: P, M, G\nCor: Azul, Rosa'}
								aria-invalid={errors.options ? true : undefined}
								aria-describedby="novo-options-dica novo-options-erro"
							/>
							<p id="novo-options-dica" className="text-xs text-muted-foreground">
								Cada combinação vira uma variante (até {loaderData.maxVariants}). Sem opções, o produto tem uma variante só.
							</p>
							<FieldMessage id="novo-options-erro" message={errors.options} />
						</div>
						<div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
							{money('price', 'Preço (R$)')}
							{money('compareAtPrice', 'Preço de comparação (R$)', 'Opcional: o preço “de”.')}
							{money('stock', 'Estoque por variante', 'Vazio: sob encomenda (não controla).')}
							{money('sku', 'SKU', 'Só para produto sem opções.')}
						</div>
					</CardContent>
				</Card>
				<Button type="submit" disabled={busy}>
					{busy ? 'Salvando...' : 'Criar produto'}
				</Button>
			</Form>
		</AdminPage>
	)
}
