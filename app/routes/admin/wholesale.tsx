import { PlusIcon, Trash2Icon } from '~/components/icons/lucide'
import { useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { z } from 'zod'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import { PriceForm } from '~/components/admin/colour-admin'
import { formatMoneyInput } from '~/components/admin/money'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import type { WholesaleTier } from '~/commerce/rules/wholesale-tiers'
import { requireAdmin } from '~/server/auth/guards.server'
import { actorOf } from '~/server/activity/record.server'
import { optionAnswer } from '~/server/personalization/admin-action.server'
import {
	ADMIN_OPTION_MESSAGES,
	WHOLESALE_EXTRAS,
	type WholesaleExtraKey,
	listTiers,
	saveTiers,
	setWholesaleExtraPrice,
	wholesaleExtraPrices,
} from '~/server/personalization/admin-options.server'
import { readFormData } from '~/server/read-form.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/wholesale'

/**
 * /admin/atacado (document 001 §2 'Wholesale admin'): the bandana and collar tier tables (min,
 * max or 'Sem limite', unit price) and the per-unit extras. The cart applies the tiers
 * (decision 10), so a saved table reaches every cart not yet checked out.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Atacado', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const [bandana, collar, prices] = await Promise.all([listTiers('bandana'), listTiers('collar'), wholesaleExtraPrices()])
	const extras = (Object.keys(WHOLESALE_EXTRAS) as WholesaleExtraKey[]).map((key) => ({
		key,
		label: WHOLESALE_EXTRAS[key].label,
		cents: prices[key],
	}))
	return { bandana, collar, extras }
}

const actionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('save-tiers'), kind: z.enum(['bandana', 'collar']) }),
	z.object({ intent: z.literal('save-extra'), extra: z.enum(['extraButton', 'sideName']) }),
])

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const parsed = actionSchema.safeParse({ intent: text('intent'), kind: text('kind'), extra: text('extra') })
	if (!parsed.success) return optionAnswer({ ok: false, message: 'Ação inválida.' }, ADMIN_OPTION_MESSAGES.priceFailed)
	if (parsed.data.intent === 'save-extra') {
		return optionAnswer(await setWholesaleExtraPrice(parsed.data.extra, text('price'), actorOf(admin, context)), ADMIN_OPTION_MESSAGES.priceFailed)
	}
	const all = (name: string) => form.getAll(name).map((v) => (typeof v === 'string' ? v : ''))
	const [mins, maxes, prices] = [all('min'), all('max'), all('price')]
	if (mins.length !== maxes.length || mins.length !== prices.length) {
		return optionAnswer({ ok: false, message: 'Tabela incompleta: confira as faixas.' }, ADMIN_OPTION_MESSAGES.priceFailed)
	}
	const rows = mins.map((min, i) => ({ min, max: maxes[i] ?? '', price: prices[i] ?? '' }))
	const result = await saveTiers(parsed.data.kind, rows, actorOf(admin, context))
	// A refused table comes back with what the admin typed, so a page posted without JavaScript shows it again.
	return optionAnswer(result.ok ? result : { ...result, kind: parsed.data.kind, rows }, ADMIN_OPTION_MESSAGES.priceFailed)
}

type TierAnswer = { ok: boolean; message: string; kind?: 'bandana' | 'collar'; rows?: Array<{ min: string; max: string; price: string }> }

type Row = { key: number; min: string; max: string; price: string }

function toRows(tiers: readonly WholesaleTier[]): Row[] {
	return tiers.map((tier, key) => ({
		key,
		min: String(tier.minQuantity),
		max: tier.maxQuantity === null ? '' : String(tier.maxQuantity),
		price: formatMoneyInput(tier.unitPriceCents),
	}))
}

function TierTable({ kind, title, tiers }: { kind: 'bandana' | 'collar'; title: string; tiers: readonly WholesaleTier[] }) {
	const fetcher = useFetcher<TierAnswer>()
	// Without JavaScript the form posts the page: a refused table is in the action data, with the rows as typed.
	const posted = useActionData<TierAnswer>()
	const refused = posted && !posted.ok && posted.kind === kind ? posted : undefined
	const [rows, setRows] = useState<Row[]>(() => (refused?.rows ? refused.rows.map((row, key) => ({ key, ...row })) : toRows(tiers)))
	const result = fetcher.state === 'idle' ? (fetcher.data ?? refused) : undefined
	const update = (key: number, field: 'min' | 'max' | 'price', value: string) =>
		setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)))
	const labelId = `tabela-${kind}`
	return (
		<Card className="min-w-0">
			<CardHeader>
				<CardTitle>
					<h2 id={labelId}>{title}</h2>
				</CardTitle>
			</CardHeader>
			<CardContent>
				<fetcher.Form method="post" aria-labelledby={labelId} className="space-y-3">
					<input type="hidden" name="intent" value="save-tiers" />
					<input type="hidden" name="kind" value={kind} />
					<TableBox label={title}>
						<table className="w-full text-sm">
							<thead className="bg-muted/50">
								<tr>
									<th className={th} scope="col">
										Quantidade mínima
									</th>
									<th className={th} scope="col">
										Quantidade máxima
									</th>
									<th className={th} scope="col">
										Preço por unidade (R$)
									</th>
									<th className={th} scope="col">
										<span className="sr-only">Remover</span>
									</th>
								</tr>
							</thead>
							<tbody className="divide-y">
								{rows.map((row, index) => (
									<tr key={row.key}>
										<td className={td}>
											<Input
												name="min"
												type="number"
												min="1"
												step="1"
												value={row.min}
												aria-label={`Faixa ${index + 1}: quantidade mínima`}
												onChange={(e) => update(row.key, 'min', e.currentTarget.value)}
												className="w-24"
											/>
										</td>
										<td className={td}>
											<Input
												name="max"
												type="number"
												min="1"
												step="1"
												value={row.max}
												placeholder="Sem limite"
												aria-label={`Faixa ${index + 1}: quantidade máxima`}
												onChange={(e) => update(row.key, 'max', e.currentTarget.value)}
												className="w-28"
											/>
										</td>
										<td className={td}>
											<Input
												name="price"
												type="text"
												inputMode="decimal"
												placeholder="15,00"
												maxLength={20}
												value={row.price}
												aria-label={`Faixa ${index + 1}: preço por unidade`}
												onChange={(e) => update(row.key, 'price', e.currentTarget.value)}
												className="w-28"
											/>
										</td>
										<td className={td}>
											<Button
												type="button"
												variant="ghost"
												size="icon-sm"
												aria-label={`Remover a faixa ${index + 1}`}
												disabled={rows.length === 1}
												onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
											>
												<Trash2Icon aria-hidden="true" />
											</Button>
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableBox>
					{result && !result.ok ? (
						<p role="alert" className="text-sm font-medium text-destructive">
							{result.message}
						</p>
					) : null}
					<div className="flex flex-wrap gap-2">
						<Button
							type="button"
							variant="outline"
							onClick={() =>
								setRows((current) => [...current, { key: Math.max(-1, ...current.map((r) => r.key)) + 1, min: '', max: '', price: '' }])
							}
						>
							<PlusIcon aria-hidden="true" />
							Adicionar faixa
						</Button>
						<Button type="submit" disabled={fetcher.state !== 'idle'}>
							Salvar
						</Button>
					</div>
				</fetcher.Form>
			</CardContent>
		</Card>
	)
}

export default function WholesaleAdmin({ loaderData }: Route.ComponentProps) {
	return (
		<AdminPage title="Atacado" description="Preços por quantidade das bandanas e dos colares de atacado (mínimo de 10 unidades).">
			<div className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
				<TierTable kind="bandana" title="Bandanas" tiers={loaderData.bandana} />
				<TierTable kind="collar" title="Colares" tiers={loaderData.collar} />
			</div>
			<Card className="mt-6">
				<CardHeader>
					<CardTitle>
						<h2>Adicionais das bandanas de atacado</h2>
					</CardTitle>
				</CardHeader>
				<CardContent className="flex flex-wrap gap-6">
					{loaderData.extras.map((extra) => (
						<ExtraPrice key={extra.key} extra={extra.key} label={extra.label} cents={extra.cents} />
					))}
				</CardContent>
			</Card>
		</AdminPage>
	)
}

function ExtraPrice({ extra, label, cents }: { extra: string; label: string; cents: number | null }) {
	if (cents === null) return <p className="text-sm text-muted-foreground">{label}: produto não encontrado no catálogo.</p>
	return <PriceForm label={label} cents={cents} intent="save-extra" id={extra} inputId={`preco-${extra}`} idField="extra" />
}
