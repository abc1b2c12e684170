import { useRef } from 'react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import { useUnsavedChangesWarning } from '~/components/admin/use-unsaved-changes'
import { AdminPage, FieldMessage } from '~/components/admin/admin-page'
import { ProductFields } from '~/components/admin/catalog/product-fields'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { OptionChips, type OptionChipValues } from '~/components/admin/catalog/option-chips'
import { requireAdmin } from '~/server/auth/guards.server'
import { MAX_VARIANTS } from '~/server/catalog-admin/product-form'
import { collectionChoices } from '~/server/catalog-admin/product-list.server'
import { createProduct, PRODUCT_ADMIN_MESSAGES } from '~/server/catalog-admin/products.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/product-new'
import { draftReason, publishMissing } from '~/utils/product-draft'
import {
	newVariantValuesOf,
	optionValuesOf,
	parseOptions,
	parseProductValues,
	parseVariantValues,
	type ProductFormValues,
	productValuesOf,
	type VariantFormValues,
} from './product-form-data'

/**
 * /admin/produtos/novo (issue 11): the product's fields, its options (issue 30: names and values
 * as chips), which become every combination of variants, and the price and stock they start with.
 * Issue 30: a new product is a draft, not in the shop, until it has a picture and a price (the
 * price may be left blank for now); the editor it opens on says what is missing.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Novo produto', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { collections: await collectionChoices(), maxVariants: MAX_VARIANTS }
}

type Answer = { errors: Record<string, string>; values: ProductFormValues; variant: VariantFormValues; options: OptionChipValues[] }

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	// Always a draft: published from the editor once it has a picture and a price.
	const values = { ...productValuesOf(form), status: 'draft' }
	const variant = newVariantValuesOf(form)
	const posted = optionValuesOf(form)
	const errors: Record<string, string> = {}
	const fields = parseProductValues(values, errors)
	const variantFields = parseVariantValues(variant, errors, '', { unpriced: true })
	const options = parseOptions(posted, errors)
	const refuse = (answerErrors: Record<string, string>) =>
		data({ errors: answerErrors, values, variant, options: posted } satisfies Answer, {
			status: 400,
			headers: createToastHeaders({ type: 'error', title: PRODUCT_ADMIN_MESSAGES.failed, description: Object.values(answerErrors)[0] }),
		})
	if (!fields || !variantFields || !options) return refuse(errors)
	const result = await createProduct({
		fields,
		options,
		variant: variantFields,
		collectionIds: values.collectionIds,
		userId: admin.id,
		ip: context.clientIp,
	})
	if (!result.ok) return refuse(result.errors)
	return redirectWithToast(`/admin/produtos/${result.id}`, {
		type: 'success',
		title: PRODUCT_ADMIN_MESSAGES.created,
		description: draftReason(publishMissing({ imageCount: 0, priceCents: [variantFields.price] })),
	})
}

const EMPTY: ProductFormValues = {
	title: '',
	handle: '',
	descriptionHtml: '',
	productType: '',
	tags: '',
	status: 'draft',
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
						<ProductFields values={answer?.values ?? EMPTY} errors={errors} collections={loaderData.collections} showStatus={false} />
					</CardContent>
				</Card>
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Opções e variantes</h2>
						</CardTitle>
					</CardHeader>
					<CardContent className="space-y-4">
						<OptionChips
							initial={answer?.options ?? []}
							error={errors.options}
							hint={`Cada combinação vira uma variante (até ${loaderData.maxVariants}).`}
						/>
						<div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
							{money('price', 'Preço (R$)', 'Pode ficar vazio por enquanto: sem preço, o produto fica como rascunho.')}
							{money('compareAtPrice', 'Preço de comparação (R$)', 'Opcional: o preço “de”.')}
							{money('stock', 'Estoque por variante', 'Vazio: sob encomenda (não controla).')}
							{money('sku', 'SKU', 'Só para produto sem opções.')}
						</div>
					</CardContent>
				</Card>
				<p className="text-sm text-muted-foreground">
					O produto começa como rascunho (fora da loja) e pode ser publicado quando tiver foto e preço.
				</p>
				<Button type="submit" disabled={busy}>
					{busy ? 'Salvando...' : 'Criar produto'}
				</Button>
			</Form>
		</AdminPage>
	)
}
