import { useId, useState } from 'react'
import { data, Link } from 'react-router'
import { AccessoryPicker } from '~/components/personalization/accessory-picker'
import { ColourGrid } from '~/components/personalization/colour-grid'
import { PersonalizationTabs } from '~/components/personalization/personalization-tabs'
import { CollarPreview } from '~/components/personalization/personalization-preview'
import { FORM_UNDER_PREVIEW, PREVIEW_BOX, PREVIEW_STICKY } from '~/components/personalization/preview-layout'
import { useAddPersonalized } from '~/components/personalization/use-add-personalized'
import { useLiftChatButton } from '~/components/personalization/use-lift-chat-button'
import type { LiveChannelsHandle } from '~/components/shop/live-updates'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { COLLAR_MINIMUM, collarQuantity } from '~/commerce/rules/collar-quantity'
import { getOptionalUser } from '~/server/auth/guards.server'
import { addPersonalizedCollar } from '~/server/personalization/add-to-cart.server'
import { loadCollarPage } from '~/server/personalization/page-data.server'
import { readForm } from '~/server/read-form.server'
import { absoluteUrl } from '~/server/seo.server'
import { formatMoney } from '~/utils/format'
import { pageTitle, shareMeta } from '~/utils/meta'
import type { Route } from './+types/personalize-collar'

/**
 * /personalize-colares (document 001 §2 'Personalization: collars'): quantity from 10, the
 * price table, colour, one optional accessory (click again to deselect), total. The server
 * prices the base and the accessory per unit (add-to-cart.server.ts).
 *
 * Issue 31: a quantity below 10 says 'Mínimo de 10 unidades' (it is no longer raised to 10
 * behind the shopper's back); on a phone the preview stays in view under the header while the
 * colour and accessory are chosen; no strip of bandana photos (the documents give this page none).
 */

export const handle: LiveChannelsHandle = { liveChannels: ['store'] }

const TITLE = 'Personalize seus Colares'
const DESCRIPTION = 'Colares personalizados para o seu pet ou a sua loja: escolha a cor e um acessório, a partir de 10 unidades.'

export async function loader() {
	const page = await loadCollarPage()
	return { ...page, canonicalUrl: absoluteUrl('/personalize-colares') }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	const title = pageTitle(TITLE, matches)
	return [{ title }, ...shareMeta({ title, description: DESCRIPTION, url: loaderData?.canonicalUrl ?? '', imageUrl: null }, matches)]
}

export async function action({ request }: Route.ActionArgs) {
	const reading = await readForm(request)
	if (!reading.ok) return data({ ok: false as const, error: reading.message }, { status: 400 })
	const user = await getOptionalUser(request)
	const fields = Object.fromEntries([...reading.form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
	const outcome = await addPersonalizedCollar({ request, userId: user?.id ?? null }, fields)
	return data(outcome.body, { status: outcome.status, headers: outcome.headers })
}

/** The per-unit prices: beside the preview on a wide screen, above the form on a phone (the preview alone stays in view there). */
function PriceTable({ base, accessories, className }: Pick<Route.ComponentProps['loaderData'], 'base' | 'accessories'> & { className?: string }) {
	return (
		<table className={`w-full text-sm ${className ?? ''}`}>
			<caption className="mb-2 text-left font-semibold">Tabela de preços (por unidade)</caption>
			<tbody className="divide-y">
				<tr>
					<th scope="row" className="py-2 text-left font-normal">
						{base?.title ?? 'Colar personalizado'}
					</th>
					<td className="py-2 text-right">{base ? formatMoney(base.priceCents) : '—'}</td>
				</tr>
				{(accessories ?? []).map((item) => (
					<tr key={item.id}>
						<th scope="row" className="py-2 text-left font-normal">
							+ {item.title}
						</th>
						<td className="py-2 text-right">{formatMoney(item.priceCents)}</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

export default function PersonalizeCollar({ loaderData }: Route.ComponentProps) {
	const { colours, base, accessories } = loaderData
	useLiftChatButton()
	const quantityHelpId = useId()
	const [colour, setColour] = useState('')
	const [quantity, setQuantity] = useState(String(COLLAR_MINIMUM))
	// The quantity's message shows once the field is left or the form is sent, not at each key.
	const [quantityShown, setQuantityShown] = useState(false)
	const [accessoryId, setAccessoryId] = useState<string | null>(null)
	const add = useAddPersonalized()
	const accessory = (accessories ?? []).find((a) => a.id === accessoryId) ?? null
	const judged = collarQuantity(quantity)
	const unitCents = (base?.priceCents ?? 0) + (accessory?.priceCents ?? 0)
	const canAdd = base !== null && colour !== '' && !add.busy
	const fieldError = (field: string) => (add.fieldError?.field === field ? add.fieldError.message : null)
	const quantityError = (quantityShown && !judged.ok ? judged.message : null) ?? fieldError('quantity')

	return (
		<main className="mx-auto w-full max-w-6xl px-4 py-6 md:py-10">
			<div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
				<div>
					<h1 className="text-3xl font-bold">{TITLE}</h1>
					<p className="mt-1 text-muted-foreground">A partir de {COLLAR_MINIMUM} unidades.</p>
					{/* Two collar offers, two prices (issue 31): say which one this is. */}
					<p className="mt-1 text-sm text-muted-foreground" data-testid="por-que-preco">
						Preço de colar personalizado, com a cor e o acessório escolhidos para o seu pet. Para revender na sua loja, o{' '}
						<Link to="/atacado" className="font-medium text-primary underline underline-offset-4">
							atacado
						</Link>{' '}
						tem preços por quantidade.
					</p>
				</div>
				<PersonalizationTabs
					links={[
						{ label: 'Bandanas', to: '/personalize' },
						{ label: 'Colares', to: '/personalize-colares' },
					]}
				/>
			</div>

			<div className="mt-6 grid gap-6 md:mt-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-8">
				{/* On a phone the preview stays under the header while the choices scroll by (issue 31). */}
				<aside aria-label="Prévia do colar" className={PREVIEW_STICKY}>
					<div className={PREVIEW_BOX}>
						<CollarPreview
							colour={colours.find((c) => c.name === colour) ?? null}
							accessoryUrl={accessory?.imageUrl ?? null}
							accessoryLabel={accessory?.title}
						/>
					</div>
					<PriceTable base={base} accessories={accessories} className="mt-4 max-md:hidden" />
				</aside>

				<form
					className={`space-y-8 ${FORM_UNDER_PREVIEW}`}
					noValidate
					onSubmit={(event) => {
						event.preventDefault()
						if (!judged.ok) {
							setQuantityShown(true)
							document.getElementById('quantity')?.focus()
							return
						}
						if (canAdd) add.submit({ intent: 'add', colour, quantity: String(judged.quantity), accessoryId: accessoryId ?? '' })
					}}
				>
					<PriceTable base={base} accessories={accessories} className="md:hidden" />
					<div className="max-w-48 space-y-2">
						<Label htmlFor="quantity">Quantidade</Label>
						<Input
							id="quantity"
							type="number"
							inputMode="numeric"
							min={COLLAR_MINIMUM}
							step={1}
							value={quantity}
							aria-invalid={quantityError ? true : undefined}
							aria-describedby={quantityHelpId}
							onChange={(event) => setQuantity(event.currentTarget.value)}
							onBlur={() => setQuantityShown(true)}
						/>
						{quantityError ? (
							<p id={quantityHelpId} role="alert" className="text-sm font-medium text-destructive" data-testid="quantidade-erro">
								{quantityError}
							</p>
						) : (
							<p id={quantityHelpId} className="text-xs text-muted-foreground">
								Mínimo de {COLLAR_MINIMUM} unidades
							</p>
						)}
					</div>

					<ColourGrid
						colours={colours}
						value={colour}
						onChange={setColour}
						name="colour"
						legend="Cor do colar"
						error={fieldError('colour')}
					/>

					<AccessoryPicker
						accessories={accessories}
						value={accessoryId}
						onChange={setAccessoryId}
						emptyText="Nenhum acessório disponível no momento"
						errorText="Erro ao carregar acessórios personalizados"
					/>

					<div className="sticky bottom-0 -mx-4 border-t bg-background/95 px-4 py-4 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
						<div className="flex items-center justify-between gap-4">
							<p className="text-lg">
								Total:{' '}
								<strong data-testid="total-personalizacao">{judged.ok ? formatMoney(unitCents * judged.quantity) : '—'}</strong>
								<span className="block text-sm text-muted-foreground">
									{judged.ok ? `${judged.quantity} × ${formatMoney(unitCents)}` : `${formatMoney(unitCents)} por unidade`}
								</span>
							</p>
							<Button type="submit" size="lg" disabled={!canAdd}>
								{add.busy ? 'Adicionando...' : 'Adicionar ao Carrinho'}
							</Button>
						</div>
						{colour === '' ? <p className="mt-2 text-sm text-muted-foreground">Selecione uma cor para continuar.</p> : null}
					</div>
				</form>
			</div>
		</main>
	)
}
