import { UploadIcon } from '~/components/icons/lucide'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminPage, FieldMessage, NativeSelect, TableBox, td, th } from '~/components/admin/admin-page'
import { formatMoneyInput } from '~/components/admin/money'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { CouponKind } from '~/db/schema/orders'
import { actorOf } from '~/server/activity/record.server'
import { requireAdmin } from '~/server/auth/guards.server'
import {
	COUPON_KIND_LABELS,
	COUPON_MESSAGES,
	type CouponFieldErrors,
	type CouponFields,
	dayInSaoPaulo,
	validateCouponFields,
} from '~/server/coupons/coupon-input'
import { COUPONS_PAGE_SIZE, type CouponRow, createCoupon, getCoupon, listCoupons, setCouponActive, updateCoupon } from '~/server/coupons/coupons.server'
import { readFormData } from '~/server/read-form.server'
import { redirectWithToast } from '~/server/toast.server'
import { formatDate, formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/coupons'
import { userText } from '~/utils/text-schema'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Cupons', matches) }]

/** /admin/cupons: coupons of the built-in checkout (decision 13): list, create, edit, (de)activate. */

type FormValues = Omit<CouponFields, 'active'> & { active: boolean }

const EMPTY: FormValues = {
	code: '',
	kind: 'percentage',
	value: '',
	minSubtotal: '',
	usageLimit: '',
	startsAt: '',
	endsAt: '',
	active: true,
}

function toFormValues(row: CouponRow): FormValues {
	return {
		code: row.code,
		kind: row.kind,
		value: row.kind === 'percentage' ? String(row.value) : row.kind === 'fixed' ? formatMoneyInput(row.value) : '',
		minSubtotal: row.min_subtotal_cents > 0 ? formatMoneyInput(row.min_subtotal_cents) : '',
		usageLimit: row.usage_limit === null ? '' : String(row.usage_limit),
		startsAt: row.starts_at ? dayInSaoPaulo(new Date(row.starts_at)) : '',
		endsAt: row.ends_at ? dayInSaoPaulo(new Date(row.ends_at)) : '',
		active: row.active,
	}
}

function describeValue(kind: CouponKind, value: number): string {
	if (kind === 'percentage') return `${value}%`
	if (kind === 'fixed') return formatMoney(value)
	return 'Frete grátis'
}

const idSchema = z.uuid()

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const url = new URL(request.url)
	const page = z.coerce.number().int().min(1).max(100_000).catch(1).parse(url.searchParams.get('page') ?? 1)
	const q = userText().trim().max(50).catch('').parse(url.searchParams.get('q') ?? '')
	const editId = idSchema.safeParse(url.searchParams.get('editar'))
	const editing = editId.success ? await getCoupon(editId.data) : null
	const { rows, total } = await listCoupons({ q: q || undefined, page })
	const now = Date.now()
	return {
		q,
		page,
		pageCount: Math.max(1, Math.ceil(total / COUPONS_PAGE_SIZE)),
		total,
		editing: editing ? { id: editing.id, values: toFormValues(editing) } : null,
		coupons: rows.map((c) => {
			const expired = c.ends_at !== null && new Date(c.ends_at).getTime() < now
			return {
				id: c.id,
				code: c.code,
				kind: COUPON_KIND_LABELS[c.kind],
				value: describeValue(c.kind, c.value),
				minSubtotal: c.min_subtotal_cents > 0 ? formatMoney(c.min_subtotal_cents) : '—',
				uses: `${c.used_count} / ${c.usage_limit ?? '∞'}`,
				window:
					c.starts_at || c.ends_at
						? `${c.starts_at ? formatDate(c.starts_at) : '…'} a ${c.ends_at ? formatDate(c.ends_at) : '…'}`
						: 'Sem prazo',
				active: c.active,
				state: !c.active ? 'Inativo' : expired ? 'Expirado' : 'Ativo',
			}
		}),
	}
}

const intentSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('toggle'), id: z.uuid('Cupom inválido.'), active: z.enum(['true', 'false']) }),
	z.object({ intent: z.literal('save'), id: z.union([z.uuid(), z.literal('')]).default('') }),
])

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const actor = actorOf(admin, context)
	const form = await readFormData(request)
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const parsed = intentSchema.safeParse({ intent: text('intent'), id: text('id'), active: text('active') })
	if (!parsed.success) {
		return data({ formError: 'Ação inválida.', errors: {} as CouponFieldErrors, values: null, id: '' }, { status: 400 })
	}
	if (parsed.data.intent === 'toggle') {
		const active = parsed.data.active === 'true'
		if (!(await setCouponActive(parsed.data.id, active, actor))) {
			return data({ formError: 'Cupom não encontrado.', errors: {} as CouponFieldErrors, values: null, id: '' }, { status: 404 })
		}
		return redirectWithToast('/admin/cupons', { type: 'success', title: active ? 'Cupom ativado!' : 'Cupom desativado!' })
	}

	const values: FormValues = {
		code: text('code').slice(0, 100),
		kind: text('kind'),
		value: text('value').slice(0, 30),
		minSubtotal: text('minSubtotal').slice(0, 30),
		usageLimit: text('usageLimit').slice(0, 30),
		startsAt: text('startsAt').slice(0, 30),
		endsAt: text('endsAt').slice(0, 30),
		active: form.get('active') === 'on',
	}
	const id = parsed.data.id
	const fail = (errors: CouponFieldErrors, status = 400) => data({ formError: null, errors, values, id }, { status })
	const checked = validateCouponFields(values)
	if (!checked.ok) return fail(checked.errors)
	const saved = id ? await updateCoupon(id, checked.coupon, actor) : await createCoupon(checked.coupon, actor)
	if (!saved.ok) {
		if (saved.reason === 'code_taken') return fail({ code: COUPON_MESSAGES.codeTaken })
		if (saved.reason === 'below_used') return fail({ usageLimit: COUPON_MESSAGES.usageBelowUsed(saved.usedCount ?? 0) })
		return data({ formError: 'Cupom não encontrado.', errors: {}, values, id }, { status: 404 })
	}
	return redirectWithToast('/admin/cupons', {
		type: 'success',
		title: id ? 'Cupom atualizado!' : 'Cupom criado!',
		description: `Cupom ${checked.coupon.code} salvo.`,
	})
}

const FIELDS: Array<{ name: Exclude<keyof FormValues, 'active' | 'kind'>; label: string; hint?: string; type?: string; inputMode?: 'decimal' | 'numeric' }> = [
	{ name: 'code', label: 'Código', hint: 'Letras, números, - ou _. Salvo em maiúsculas.' },
	{ name: 'value', label: 'Valor', hint: 'Porcentagem: 1 a 100. Valor fixo: em reais (ex.: 15,00). Frete grátis: deixe em branco.', inputMode: 'decimal' },
	{ name: 'minSubtotal', label: 'Pedido mínimo (R$)', hint: 'Em branco: sem mínimo.', inputMode: 'decimal' },
	{ name: 'usageLimit', label: 'Limite de usos', hint: 'Em branco: ilimitado.', inputMode: 'numeric' },
	{ name: 'startsAt', label: 'Início', type: 'date', hint: 'Vale a partir de 00:00 (horário de Brasília).' },
	{ name: 'endsAt', label: 'Término', type: 'date', hint: 'Vale até 23:59 (horário de Brasília).' },
]

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
	const { coupons, editing, q, page, pageCount, total } = loaderData
	const navigation = useNavigation()
	const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
	const editingId = actionData?.values ? actionData.id : (editing?.id ?? '')
	const values: FormValues = actionData?.values ?? editing?.values ?? EMPTY
	const errors: CouponFieldErrors = actionData?.errors ?? {}
	const formKey = `${editingId}:${actionData ? JSON.stringify(actionData.values) : 'loaded'}`
	return (
		<AdminPage
			title="Cupons"
			description="Cupons de desconto usados no checkout."
			actions={
				<Button asChild variant="outline">
					<Link to="/admin/cupons/importar">
						<UploadIcon aria-hidden="true" />
						Importar CSV
					</Link>
				</Button>
			}
		>
			<div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
				<section aria-labelledby="coupons-list-title" className="min-w-0">
					<h2 id="coupons-list-title" className="sr-only">
						Lista de cupons
					</h2>
					<Form method="get" role="search" aria-label="Buscar cupons" className="flex items-end gap-2">
						<div className="grid flex-1 gap-2">
							<Label htmlFor="coupons-q">Buscar por código</Label>
							<Input id="coupons-q" name="q" type="search" defaultValue={q} maxLength={50} />
						</div>
						<Button type="submit" variant="secondary">
							Buscar
						</Button>
					</Form>
					<p className="mt-4 text-sm text-muted-foreground" role="status">
						{total === 1 ? '1 cupom' : `${total} cupons`}
					</p>
					{actionData?.formError ? (
						<p role="alert" className="mt-2 text-sm text-destructive">
							{actionData.formError}
						</p>
					) : null}
					{coupons.length === 0 ? (
						<p className="mt-2 rounded-lg border p-6 text-center text-muted-foreground">Nenhum cupom ainda.</p>
					) : (
						<div className="mt-2">
							<TableBox label="Cupons">
								<table className="w-full text-sm">
									<thead className="bg-muted/60">
										<tr>
											<th scope="col" className={th}>Código</th>
											<th scope="col" className={th}>Desconto</th>
											<th scope="col" className={th}>Mínimo</th>
											<th scope="col" className={th}>Usos</th>
											<th scope="col" className={th}>Validade</th>
											<th scope="col" className={th}>Situação</th>
											<th scope="col" className={th}>
												<span className="sr-only">Ações</span>
											</th>
										</tr>
									</thead>
									<tbody>
										{coupons.map((c) => (
											<tr key={c.id} className="border-t">
												<th scope="row" className={`${td} text-left font-mono font-semibold`}>
													{c.code}
												</th>
												<td className={`${td} whitespace-nowrap`}>
													{c.value}
													<span className="block text-xs text-muted-foreground">{c.kind}</span>
												</td>
												<td className={`${td} whitespace-nowrap`}>{c.minSubtotal}</td>
												<td className={`${td} whitespace-nowrap`}>{c.uses}</td>
												<td className={td}>{c.window}</td>
												<td className={td}>{c.state}</td>
												<td className={`${td} whitespace-nowrap`}>
													<div className="flex gap-2">
														<Button asChild size="sm" variant="outline">
															<Link to={`/admin/cupons?editar=${c.id}`} aria-label={`Editar ${c.code}`}>
																Editar
															</Link>
														</Button>
														<Form method="post">
															<input type="hidden" name="intent" value="toggle" />
															<input type="hidden" name="id" value={c.id} />
															<input type="hidden" name="active" value={c.active ? 'false' : 'true'} />
															<Button type="submit" size="sm" variant="ghost" aria-label={`${c.active ? 'Desativar' : 'Ativar'} ${c.code}`}>
																{c.active ? 'Desativar' : 'Ativar'}
															</Button>
														</Form>
													</div>
												</td>
											</tr>
										))}
									</tbody>
								</table>
							</TableBox>
						</div>
					)}
					{pageCount > 1 ? (
						<nav aria-label="Paginação" className="mt-4 flex justify-between text-sm">
							{page > 1 ? <Link to={`/admin/cupons?page=${page - 1}${q ? `&q=${encodeURIComponent(q)}` : ''}`}>← Anteriores</Link> : <span />}
							<span>
								Página {page} de {pageCount}
							</span>
							{page < pageCount ? <Link to={`/admin/cupons?page=${page + 1}${q ? `&q=${encodeURIComponent(q)}` : ''}`}>Próximos →</Link> : <span />}
						</nav>
					) : null}
				</section>

				<Card className="content-start">
					<CardHeader>
						<CardTitle>
							<h2>{editingId ? 'Editar cupom' : 'Novo cupom'}</h2>
						</CardTitle>
					</CardHeader>
					<CardContent>
						<Form method="post" key={formKey} className="grid gap-3" noValidate aria-label={editingId ? 'Editar cupom' : 'Novo cupom'}>
							<input type="hidden" name="intent" value="save" />
							<input type="hidden" name="id" value={editingId} />
							<div className="grid gap-2">
								<Label htmlFor="coupon-kind">Tipo</Label>
								<NativeSelect
									id="coupon-kind"
									name="kind"
									defaultValue={values.kind}
									aria-invalid={errors.kind ? true : undefined}
									aria-describedby="coupon-kind-error"
								>
									{(Object.keys(COUPON_KIND_LABELS) as CouponKind[]).map((kind) => (
										<option key={kind} value={kind}>
											{COUPON_KIND_LABELS[kind]}
										</option>
									))}
								</NativeSelect>
								<FieldMessage id="coupon-kind-error" message={errors.kind} />
							</div>
							{FIELDS.map((field) => {
								const id = `coupon-${field.name}`
								return (
									<div key={field.name} className="grid gap-2">
										<Label htmlFor={id}>{field.label}</Label>
										<Input
											id={id}
											name={field.name}
											type={field.type ?? 'text'}
											inputMode={field.inputMode}
											defaultValue={values[field.name]}
											aria-invalid={errors[field.name] ? true : undefined}
											aria-describedby={`${id}-hint ${id}-error`}
											className={field.name === 'code' ? 'font-mono uppercase' : undefined}
										/>
										{field.hint ? (
											<p id={`${id}-hint`} className="text-xs text-muted-foreground">
												{field.hint}
											</p>
										) : null}
										<FieldMessage id={`${id}-error`} message={errors[field.name]} />
									</div>
								)
							})}
							<div className="flex items-center gap-2">
								<input id="coupon-active" name="active" type="checkbox" defaultChecked={values.active} className="size-4 accent-primary" />
								<Label htmlFor="coupon-active">Ativo</Label>
							</div>
							<div className="mt-2 flex flex-wrap gap-2">
								<Button type="submit" disabled={saving}>
									{saving ? 'Salvando...' : editingId ? 'Salvar cupom' : 'Criar cupom'}
								</Button>
								{editingId ? (
									<Button asChild variant="outline">
										<Link to="/admin/cupons">Cancelar</Link>
									</Button>
								) : null}
							</div>
						</Form>
					</CardContent>
				</Card>
			</div>
		</AdminPage>
	)
}
