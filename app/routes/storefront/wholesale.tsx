import { useState } from 'react'
import { data, Link, useRouteError } from 'react-router'
import { AccessoryPicker } from '~/components/personalization/accessory-picker'
import { ColourGrid } from '~/components/personalization/colour-grid'
import { type UploadedImage, ImageUploadField } from '~/components/personalization/image-upload-field'
import { BandanaPreview, CollarPreview } from '~/components/personalization/personalization-preview'
import { PhotoCarousel } from '~/components/personalization/photo-carousel'
import { useAddPersonalized } from '~/components/personalization/use-add-personalized'
import { useLiftChatButton } from '~/components/personalization/use-lift-chat-button'
import type { LiveChannelsHandle } from '~/components/shop/live-updates'
import { isUnavailableError, logBoundaryErrorInBrowser } from '~/components/shop/error-kinds'
import { ErrorPageSlot } from '~/components/shop/error-page-slot'
import { useRootData } from '~/components/shop/use-root-data'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { toast } from '~/components/ui/toast'
import { PET_TEXT_MAX, WHOLESALE_MESSAGES } from '~/commerce/rules/personalization'
import { type WholesaleTier, WHOLESALE_MINIMUM, normalizeWholesaleQuantity, tierFor } from '~/commerce/rules/wholesale-tiers'
import { getOptionalUser } from '~/server/auth/guards.server'
import { addWholesaleOrder } from '~/server/personalization/add-to-cart.server'
import { carouselPhotos, loadWholesalePage } from '~/server/personalization/page-data.server'
import { readForm } from '~/server/read-form.server'
import { absoluteUrl } from '~/server/seo.server'
import { formatMoney } from '~/utils/format'
import { pageTitle, shareMeta } from '~/utils/meta'
import type { Route } from './+types/wholesale'

/**
 * /atacado (document 001 §2 'Wholesale'): bandanas and collars from 10 units at the quantity
 * tiers of the admin's wholesale tables (decision 10: the cart applies them too), with a logo
 * or design upload, a custom side name and an extra button for bandanas, an accessory for
 * collars. The server decides the lines and the prices (add-to-cart.server.ts).
 */

export const handle: LiveChannelsHandle = { liveChannels: ['store'] }

const TITLE = 'Atacado'
const DESCRIPTION =
	'Bandanas e colares para pet shops e revendedores a partir de 10 unidades, com preços por quantidade e logo da sua loja sem custo.'

export async function loader() {
	const [page, photos] = await Promise.all([loadWholesalePage(), carouselPhotos()])
	return { ...page, photos, canonicalUrl: absoluteUrl('/atacado') }
}

/** document 001 §9: the page's products could not be read (tiers, colours, base products). */
export const WHOLESALE_LOAD_ERROR = 'Erro ao carregar produtos de atacado'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	if (!loaderData) return [{ title: pageTitle(WHOLESALE_LOAD_ERROR, matches) }, { name: 'robots', content: 'noindex' }]
	const title = pageTitle(TITLE, matches)
	return [{ title }, ...shareMeta({ title, description: DESCRIPTION, url: loaderData?.canonicalUrl ?? '', imageUrl: null }, matches)]
}

export async function action({ request }: Route.ActionArgs) {
	const reading = await readForm(request)
	if (!reading.ok) return data({ ok: false as const, error: reading.message }, { status: 400 })
	const user = await getOptionalUser(request)
	const fields = Object.fromEntries([...reading.form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
	const outcome = await addWholesaleOrder({ request, userId: user?.id ?? null }, fields)
	return data(outcome.body, { status: outcome.status, headers: outcome.headers })
}

function TierTable({ tiers, quantity, caption }: { tiers: readonly WholesaleTier[]; quantity: number; caption: string }) {
	const current = tierFor(tiers, quantity)
	return (
		<table className="w-full text-sm">
			<caption className="mb-2 text-left font-semibold">{caption}</caption>
			<thead>
				<tr className="text-left text-muted-foreground">
					<th scope="col" className="py-1 font-normal">
						Quantidade
					</th>
					<th scope="col" className="py-1 text-right font-normal">
						Preço por unidade
					</th>
				</tr>
			</thead>
			<tbody className="divide-y">
				{tiers.map((tier) => (
					<tr
						key={tier.minQuantity}
						className={tier === current ? 'font-semibold text-primary' : undefined}
						aria-current={tier === current ? 'true' : undefined}
					>
						<td className="py-2">
							{tier.maxQuantity === null ? `${tier.minQuantity} ou mais` : `${tier.minQuantity} a ${tier.maxQuantity}`}
						</td>
						<td className="py-2 text-right">{formatMoney(tier.unitPriceCents)}</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

/** document 001 §5: lower or non-numeric becomes 10, with 'Quantidade mínima: 10 unidades'. */
function QuantityField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
	const [message, setMessage] = useState<string | null>(null)
	return (
		<div className="max-w-48 space-y-2">
			<Label htmlFor={id}>Quantidade</Label>
			<Input
				id={id}
				type="number"
				inputMode="numeric"
				min={WHOLESALE_MINIMUM}
				step={1}
				value={value}
				aria-describedby={`${id}-ajuda`}
				onChange={(event) => onChange(event.currentTarget.value)}
				onBlur={() => {
					const normalized = normalizeWholesaleQuantity(value)
					setMessage(normalized.message)
					onChange(String(normalized.quantity))
				}}
			/>
			<p
				id={`${id}-ajuda`}
				role={message ? 'status' : undefined}
				className={message ? 'text-sm font-medium text-amber-700 dark:text-amber-400' : 'text-xs text-muted-foreground'}
			>
				{message ?? `Mínimo de ${WHOLESALE_MINIMUM} unidades`}
			</p>
		</div>
	)
}

function unitsOf(text: string): number {
	return normalizeWholesaleQuantity(text).quantity
}

export default function Wholesale({ loaderData }: Route.ComponentProps) {
	const { bandana, collar, photos } = loaderData
	const instagramUrl = useRootData()?.settings.instagramUrl ?? null
	useLiftChatButton()
	return (
		<main className="mx-auto w-full max-w-6xl px-4 py-6 md:py-10">
			<h1 className="text-3xl font-bold">{TITLE}</h1>
			<p className="mt-1 text-muted-foreground">Para pet shops e revendedores, a partir de {WHOLESALE_MINIMUM} unidades.</p>
			<div className="mt-6">
				<PhotoCarousel photos={photos} profileUrl={instagramUrl} />
			</div>
			<Tabs defaultValue="bandanas" className="mt-8">
				<TabsList>
					<TabsTrigger value="bandanas">Bandanas</TabsTrigger>
					<TabsTrigger value="colares">Colares</TabsTrigger>
				</TabsList>
				<TabsContent value="bandanas" className="mt-6">
					<BandanaTab data={bandana} />
				</TabsContent>
				<TabsContent value="colares" className="mt-6">
					<CollarTab data={collar} />
				</TabsContent>
			</Tabs>
		</main>
	)
}

function BandanaTab({ data: page }: { data: Route.ComponentProps['loaderData']['bandana'] }) {
	const [colour, setColour] = useState('')
	const [quantity, setQuantity] = useState(String(WHOLESALE_MINIMUM))
	const [designKind, setDesignKind] = useState<'atacado_logo' | 'atacado_design'>('atacado_logo')
	const [design, setDesign] = useState<UploadedImage | null>(null)
	const [sideNameOn, setSideNameOn] = useState(false)
	const [sideName, setSideName] = useState('')
	const [extraButton, setExtraButton] = useState(false)
	const [colourError, setColourError] = useState<string | null>(null)
	const add = useAddPersonalized()
	const units = unitsOf(quantity)
	const tierCents = tierFor(page.tiers, units)?.unitPriceCents ?? page.base?.priceCents ?? 0
	const extrasCents = (sideNameOn && sideName.trim() ? (page.sideNameCents ?? 0) : 0) + (extraButton ? (page.extraButtonCents ?? 0) : 0)
	const unitCents = tierCents + extrasCents
	const fieldError = (field: string) => (add.fieldError?.field === field ? add.fieldError.message : null)

	const submit = () => {
		if (colour === '') {
			setColourError(WHOLESALE_MESSAGES.colourRequired.bandana)
			toast.error(WHOLESALE_MESSAGES.colourRequired.bandana)
			return
		}
		add.submit({
			intent: 'add',
			kind: 'bandana',
			colour,
			quantity: String(units),
			sideNameOn: sideNameOn ? 'on' : '',
			sideName: sideNameOn ? sideName : '',
			extraButton: extraButton ? 'on' : '',
			designKey: design?.key ?? '',
		})
	}

	return (
		<div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
			<aside aria-label="Prévia e preços das bandanas" className="space-y-6 md:sticky md:top-24 md:self-start">
				<div className="flex flex-col items-center rounded-2xl border bg-muted/40 p-4">
					<BandanaPreview
						colour={page.colours.find((c) => c.name === colour) ?? null}
						imageUrl={design?.previewUrl ?? null}
						imageLabel={designKind === 'atacado_logo' ? 'o logo da empresa' : 'o design exclusivo'}
						sideName={sideNameOn ? sideName : ''}
					/>
				</div>
				<TierTable tiers={page.tiers} quantity={units} caption="Bandanas: preço por quantidade" />
			</aside>
			<form
				className="space-y-8"
				onSubmit={(event) => {
					event.preventDefault()
					if (!add.busy) submit()
				}}
			>
				<ColourGrid
					colours={page.colours}
					value={colour}
					onChange={(name) => {
						setColour(name)
						setColourError(null)
					}}
					name="colour-bandana"
					legend="Cor das bandanas"
					error={colourError ?? fieldError('colour')}
				/>
				<fieldset className="space-y-3">
					<legend className="mb-1 font-semibold">Logo ou design (opcional, sem custo)</legend>
					<div className="flex flex-wrap gap-4 text-sm">
						{(
							[
								['atacado_logo', 'Logo da empresa'],
								['atacado_design', 'Design exclusivo'],
							] as const
						).map(([value, label]) => (
							<label key={value} className="flex items-center gap-2">
								<input
									type="radio"
									name="designKind"
									value={value}
									checked={designKind === value}
									onChange={() => setDesignKind(value)}
									disabled={design !== null}
								/>
								{label}
							</label>
						))}
					</div>
					<ImageUploadField
						prefix={designKind}
						label="Imagem do logo ou design"
						hint="Imagem até 5MB."
						value={design}
						onChange={setDesign}
					/>
				</fieldset>
				<div className="space-y-3">
					<div className="flex items-center gap-3">
						<Switch id="sideNameOn" checked={sideNameOn} onCheckedChange={setSideNameOn} />
						<Label htmlFor="sideNameOn">
							Nome lateral personalizado{page.sideNameCents !== null ? ` (+${formatMoney(page.sideNameCents)} por unidade)` : ''}
						</Label>
					</div>
					{sideNameOn ? (
						<div className="max-w-sm space-y-1">
							<Label htmlFor="sideName" className="sr-only">
								Nome lateral
							</Label>
							<Input
								id="sideName"
								value={sideName}
								maxLength={PET_TEXT_MAX}
								placeholder="Ex.: Pet Shop Lulu"
								onChange={(event) => setSideName(event.currentTarget.value)}
							/>
							<p className="text-xs text-muted-foreground">
								{sideName.length}/{PET_TEXT_MAX} caracteres
							</p>
						</div>
					) : null}
					{page.extraButtonCents !== null ? (
						<div className="flex items-center gap-2">
							<Checkbox id="extraButton" checked={extraButton} onCheckedChange={(checked) => setExtraButton(checked === true)} />
							<Label htmlFor="extraButton">Botão extra (+{formatMoney(page.extraButtonCents)} por unidade)</Label>
						</div>
					) : null}
				</div>
				<QuantityField id="quantity-bandana" value={quantity} onChange={setQuantity} />
				<TotalAndButton
					units={units}
					unitCents={unitCents}
					busy={add.busy}
					disabled={page.base === null}
					needsColour={colour === ''}
					testId="total-atacado-bandana"
				/>
				{fieldError('quantity') ? (
					<p role="alert" className="text-sm font-medium text-destructive">
						{fieldError('quantity')}
					</p>
				) : null}
			</form>
		</div>
	)
}

function CollarTab({ data: page }: { data: Route.ComponentProps['loaderData']['collar'] }) {
	const [colour, setColour] = useState('')
	const [quantity, setQuantity] = useState(String(WHOLESALE_MINIMUM))
	const [accessoryId, setAccessoryId] = useState<string | null>(null)
	const [colourError, setColourError] = useState<string | null>(null)
	const add = useAddPersonalized()
	const units = unitsOf(quantity)
	const accessory = (page.accessories ?? []).find((a) => a.id === accessoryId) ?? null
	const unitCents = (tierFor(page.tiers, units)?.unitPriceCents ?? page.base?.priceCents ?? 0) + (accessory?.priceCents ?? 0)
	const fieldError = (field: string) => (add.fieldError?.field === field ? add.fieldError.message : null)
	return (
		<div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
			<aside aria-label="Prévia e preços dos colares" className="space-y-6 md:sticky md:top-24 md:self-start">
				<div className="flex flex-col items-center rounded-2xl border bg-muted/40 p-4">
					<CollarPreview
						colour={page.colours.find((c) => c.name === colour) ?? null}
						accessoryUrl={accessory?.imageUrl ?? null}
						accessoryLabel={accessory?.title}
					/>
				</div>
				<TierTable tiers={page.tiers} quantity={units} caption="Colares: preço por quantidade" />
				{/* Two collar offers, two prices (issue 31): say which one this is. */}
				<p className="text-sm text-muted-foreground" data-testid="por-que-preco">
					Preço de atacado, para revenda em pet shops e lojas. Um colar personalizado para o seu pet está em{' '}
					<Link to="/personalize-colares" className="font-medium text-primary underline underline-offset-4">
						Personalização de Colares
					</Link>
					.
				</p>
			</aside>
			<form
				className="space-y-8"
				onSubmit={(event) => {
					event.preventDefault()
					if (add.busy) return
					if (colour === '') {
						setColourError(WHOLESALE_MESSAGES.colourRequired.collar)
						toast.error(WHOLESALE_MESSAGES.colourRequired.collar)
						return
					}
					add.submit({ intent: 'add', kind: 'collar', colour, quantity: String(units), accessoryId: accessoryId ?? '' })
				}}
			>
				<ColourGrid
					colours={page.colours}
					value={colour}
					onChange={(name) => {
						setColour(name)
						setColourError(null)
					}}
					name="colour-collar"
					legend="Cor dos colares"
					error={colourError ?? fieldError('colour')}
				/>
				<AccessoryPicker
					accessories={page.accessories}
					value={accessoryId}
					onChange={setAccessoryId}
					emptyText="Nenhum acessório personalizado disponível no momento"
					errorText="Erro ao carregar acessórios personalizados"
				/>
				<QuantityField id="quantity-collar" value={quantity} onChange={setQuantity} />
				<TotalAndButton
					units={units}
					unitCents={unitCents}
					busy={add.busy}
					disabled={page.base === null}
					needsColour={colour === ''}
					testId="total-atacado-colar"
				/>
			</form>
		</div>
	)
}

/** Shown under the disabled button until a colour is chosen (issue 31). */
const CHOOSE_COLOUR_HINT = 'Escolha uma cor para adicionar ao carrinho.'

function TotalAndButton({
	units,
	unitCents,
	busy,
	disabled,
	needsColour,
	testId,
}: {
	units: number
	unitCents: number
	busy: boolean
	disabled: boolean
	/** No colour chosen yet: the button waits for one (issue 31). */
	needsColour: boolean
	testId: string
}) {
	const hintId = `${testId}-dica`
	return (
		<div className="sticky bottom-0 -mx-4 border-t bg-background/95 px-4 py-4 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
			<div className="flex items-center justify-between gap-4">
				<p className="text-lg">
					Total: <strong data-testid={testId}>{formatMoney(unitCents * units)}</strong>
					<span className="block text-sm text-muted-foreground">
						{units} × {formatMoney(unitCents)}
					</span>
				</p>
				<Button type="submit" size="lg" disabled={busy || disabled || needsColour} aria-describedby={needsColour && !disabled ? hintId : undefined}>
					{busy ? 'Adicionando...' : 'Adicionar ao Carrinho'}
				</Button>
			</div>
			{disabled ? (
				<p role="alert" className="mt-2 text-sm text-destructive">
					{WHOLESALE_MESSAGES.baseMissing}
				</p>
			) : needsColour ? (
				<p id={hintId} className="mt-2 text-right text-sm text-muted-foreground">
					{CHOOSE_COLOUR_HINT}
				</p>
			) : null}
		</div>
	)
}

/** A failed load (database, provider): the documented 'Erro ao carregar produtos de atacado' and a way to try again. */
export function ErrorBoundary() {
	const error = useRouteError()
	logBoundaryErrorInBrowser(error)
	if (isUnavailableError(error)) return <ErrorPageSlot>{(pages) => <pages.UnavailableContent />}</ErrorPageSlot>
	return (
		<main className="mx-auto flex min-h-[50vh] w-full max-w-7xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
			<h1 className="text-xl font-semibold">{WHOLESALE_LOAD_ERROR}</h1>
			<Button asChild size="lg">
				{/* A full reload (as the other pages' 'Tentar Novamente'). */}
				<a href="">Tentar Novamente</a>
			</Button>
		</main>
	)
}
