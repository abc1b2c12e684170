import { useMemo, useState } from 'react'
import { data } from 'react-router'
import { ColourGrid } from '~/components/personalization/colour-grid'
import { type UploadedImage, ImageUploadField } from '~/components/personalization/image-upload-field'
import { PersonalizationTabs } from '~/components/personalization/personalization-tabs'
import { BandanaPreview } from '~/components/personalization/personalization-preview'
import { FORM_UNDER_PREVIEW, PREVIEW_BOX, PREVIEW_STICKY } from '~/components/personalization/preview-layout'
import { PhotoCarousel } from '~/components/personalization/photo-carousel'
import { useAddPersonalized } from '~/components/personalization/use-add-personalized'
import { useLiftChatButton } from '~/components/personalization/use-lift-chat-button'
import type { LiveChannelsHandle } from '~/components/shop/live-updates'
import { useRootData } from '~/components/shop/use-root-data'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { toast } from '~/components/ui/toast'
import { type ArtChoice, PET_TEXT_MAX, switchArt } from '~/commerce/rules/personalization'
import type { PersonalizationItemKey } from '~/db/schema/personalization'
import { getOptionalUser } from '~/server/auth/guards.server'
import { carouselPhotos, loadBandanaPage } from '~/server/personalization/page-data.server'
import { addPersonalizedBandana } from '~/server/personalization/add-to-cart.server'
import { readForm } from '~/server/read-form.server'
import { absoluteUrl } from '~/server/seo.server'
import { formatMoney } from '~/utils/format'
import { pageTitle, shareMeta } from '~/utils/meta'
import type { Route } from './+types/personalize-bandana'

/**
 * /personalize (document 001 §2 'Personalization: bandanas'): colour, size, the pet's name and
 * Instagram, extensor, extra button, perfume, and one of a ready-made art, an exclusive art or
 * the pet's face; a live preview and the running total. The server prices and checks it all
 * again (app/server/personalization/add-to-cart.server.ts).
 */

export const handle: LiveChannelsHandle = { liveChannels: ['store'] }

const TITLE = 'Personalize sua Bandana'
const DESCRIPTION =
	'Crie a bandana do seu pet: escolha a cor, o nome, o Instagram, uma arte pronta, uma arte exclusiva ou o rosto do seu pet.'

export async function loader() {
	const [page, photos] = await Promise.all([loadBandanaPage(), carouselPhotos()])
	return { ...page, photos, canonicalUrl: absoluteUrl('/personalize') }
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
	const outcome = await addPersonalizedBandana({ request, userId: user?.id ?? null }, fields)
	return data(outcome.body, { status: outcome.status, headers: outcome.headers })
}

const ART_LABEL: Record<Exclude<ArtChoice['kind'], 'none'>, string> = {
	'ready-made': 'a arte escolhida',
	exclusive: 'a arte exclusiva',
	'pet-face': 'o rosto do seu pet',
}

export default function PersonalizeBandana({ loaderData }: Route.ComponentProps) {
	const { colours, extras, base, arts, photos } = loaderData
	const instagramUrl = useRootData()?.settings.instagramUrl ?? null
	useLiftChatButton()
	const price = useMemo(() => new Map(extras.map((e) => [e.key, e])), [extras])
	const [colour, setColour] = useState('')
	const [size, setSize] = useState(base?.sizes.length === 1 ? (base.sizes[0] ?? '') : '')
	const [petName, setPetName] = useState('')
	const [instagram, setInstagram] = useState('')
	const [flags, setFlags] = useState<Record<'extensor' | 'extraButton' | 'perfume', boolean>>({
		extensor: false,
		extraButton: false,
		perfume: false,
	})
	const [art, setArt] = useState<ArtChoice>({ kind: 'none' })
	const [face, setFace] = useState<UploadedImage | null>(null)
	const [exclusive, setExclusive] = useState<UploadedImage | null>(null)
	const add = useAddPersonalized()

	const chooseArt = (next: ArtChoice) => {
		const { choice, warning } = switchArt(art, next)
		if (warning) toast(warning.title, { description: warning.description })
		setArt(choice)
	}

	const readyMade = art.kind === 'ready-made' ? (arts ?? []).find((a) => a.id === art.productId) : undefined
	const chosenColour = colours.find((c) => c.name === colour) ?? null
	const extraCents = (key: PersonalizationItemKey, on: boolean) => (on ? (price.get(key)?.priceCents ?? 0) : 0)
	const totalCents =
		(base?.priceCents ?? 0) +
		extraCents('pet_name', petName.trim() !== '') +
		extraCents('instagram', instagram.replace(/^@+/, '').trim() !== '') +
		extraCents('extensor', flags.extensor) +
		extraCents('extra_button', flags.extraButton) +
		extraCents('perfume', flags.perfume) +
		extraCents('pet_face', art.kind === 'pet-face') +
		extraCents('exclusive_art', art.kind === 'exclusive') +
		(readyMade?.priceCents ?? 0)
	const previewImage = art.kind === 'pet-face' ? face?.previewUrl : art.kind === 'exclusive' ? exclusive?.previewUrl : readyMade?.imageUrl
	const needsSize = (base?.sizes.length ?? 0) > 1
	const canAdd = base !== null && colour !== '' && (!needsSize || size !== '') && !add.busy
	const fieldError = (field: string) => (add.fieldError?.field === field ? add.fieldError.message : null)

	const submit = () => {
		add.submit({
			intent: 'add',
			colour,
			size,
			petName,
			instagram,
			extensor: flags.extensor ? 'on' : '',
			extraButton: flags.extraButton ? 'on' : '',
			perfume: flags.perfume ? 'on' : '',
			readyMadeArtId: art.kind === 'ready-made' ? art.productId : '',
			exclusiveArtKey: art.kind === 'exclusive' ? art.fileKey : '',
			petFaceKey: art.kind === 'pet-face' ? art.fileKey : '',
		})
	}

	const extraLabel = (key: PersonalizationItemKey, label: string) => {
		const item = price.get(key)
		return item ? `${label} (+${formatMoney(item.priceCents)})` : label
	}

	return (
		<main className="mx-auto w-full max-w-6xl px-4 py-6 md:py-10">
			<div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
				<div>
					<h1 className="text-3xl font-bold">{TITLE}</h1>
					<p className="mt-1 text-muted-foreground">Monte a bandana do seu pet do seu jeito.</p>
				</div>
				<PersonalizationTabs
					links={[
						{ label: 'Bandanas', to: '/personalize' },
						{ label: 'Colares', to: '/personalize-colares' },
					]}
				/>
			</div>

			<div className="mt-6">
				<PhotoCarousel photos={photos} profileUrl={instagramUrl} />
			</div>

			<div className="mt-6 grid gap-6 md:mt-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-8">
				{/* On a phone the preview stays under the header while colours and arts are chosen (issue 31). */}
				<aside aria-label="Prévia da bandana" className={PREVIEW_STICKY}>
					<div className={PREVIEW_BOX}>
						<BandanaPreview
							colour={chosenColour}
							petName={petName}
							imageUrl={previewImage ?? null}
							imageLabel={art.kind === 'none' ? undefined : ART_LABEL[art.kind]}
						/>
						<p className="mt-1 text-center text-xs text-muted-foreground md:mt-2 md:text-sm">Prévia ilustrativa: a peça é feita à mão.</p>
					</div>
				</aside>

				<form
					className={`space-y-8 ${FORM_UNDER_PREVIEW}`}
					onSubmit={(event) => {
						event.preventDefault()
						if (canAdd) submit()
					}}
				>
					{needsSize ? (
						<fieldset>
							<legend className="mb-3 font-semibold">Tamanho</legend>
							<div className="flex flex-wrap gap-2">
								{base?.sizes.map((value) => (
									<label
										key={value}
										className="cursor-pointer rounded-md border px-4 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:checked]:font-semibold has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring"
									>
										<input
											type="radio"
											name="size"
											value={value}
											checked={size === value}
											onChange={() => setSize(value)}
											className="sr-only"
										/>
										{value}
									</label>
								))}
							</div>
							{fieldError('size') ? (
								<p role="alert" className="mt-2 text-sm font-medium text-destructive">
									{fieldError('size')}
								</p>
							) : null}
						</fieldset>
					) : null}

					<ColourGrid
						colours={colours}
						value={colour}
						onChange={setColour}
						name="colour"
						legend="Cor da bandana"
						error={fieldError('colour')}
					/>

					<div className="grid gap-4 sm:grid-cols-2">
						<div className="space-y-2">
							<Label htmlFor="petName">{extraLabel('pet_name', 'Nome do pet')}</Label>
							<Input
								id="petName"
								value={petName}
								maxLength={PET_TEXT_MAX}
								onChange={(event) => setPetName(event.currentTarget.value)}
								placeholder="Ex.: Thor"
								aria-describedby="petName-ajuda"
							/>
							<p id="petName-ajuda" className="text-xs text-muted-foreground">
								{petName.length}/{PET_TEXT_MAX} caracteres
							</p>
							{fieldError('petName') ? (
								<p role="alert" className="text-sm font-medium text-destructive">
									{fieldError('petName')}
								</p>
							) : null}
						</div>
						<div className="space-y-2">
							<Label htmlFor="instagram">{extraLabel('instagram', 'Instagram do pet')}</Label>
							<Input
								id="instagram"
								value={instagram}
								maxLength={PET_TEXT_MAX + 1}
								onChange={(event) => setInstagram(event.currentTarget.value)}
								placeholder="@seu_pet"
								aria-describedby="instagram-ajuda"
							/>
							<p id="instagram-ajuda" className="text-xs text-muted-foreground">
								Até {PET_TEXT_MAX} caracteres
							</p>
							{fieldError('instagram') ? (
								<p role="alert" className="text-sm font-medium text-destructive">
									{fieldError('instagram')}
								</p>
							) : null}
						</div>
					</div>

					<fieldset className="space-y-4">
						<legend className="mb-1 font-semibold">Arte (escolha uma)</legend>
						<p className="text-sm text-muted-foreground">Arte pronta, arte exclusiva ou o rosto do seu pet: só uma delas por bandana.</p>
						{arts === null ? (
							<p role="alert" className="text-sm text-destructive">
								Erro ao carregar artes personalizadas
							</p>
						) : arts.length === 0 ? (
							<p className="text-sm text-muted-foreground">Nenhuma arte personalizada disponível no momento</p>
						) : (
							<div role="radiogroup" aria-label="Artes prontas" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
								{arts.map((item) => {
									const checked = art.kind === 'ready-made' && art.productId === item.id
									return (
										<button
											key={item.id}
											type="button"
											role="radio"
											aria-checked={checked}
											onClick={() => chooseArt(checked ? { kind: 'none' } : { kind: 'ready-made', productId: item.id, title: item.title })}
											className={`flex flex-col items-center gap-1 rounded-lg border p-2 text-xs transition-colors focus-visible:ring-[3px] focus-visible:ring-ring ${checked ? 'border-primary bg-primary/10 font-semibold' : 'hover:bg-accent'}`}
										>
											{item.imageUrl ? (
												<img
													src={item.imageUrl}
													alt=""
													width={72}
													height={72}
													loading="lazy"
													className="aspect-square w-full rounded-md object-cover"
												/>
											) : null}
											<span className="leading-tight">{item.title}</span>
											<span className="text-muted-foreground">+{formatMoney(item.priceCents)}</span>
										</button>
									)
								})}
							</div>
						)}
						{price.has('exclusive_art') ? (
							<ImageUploadField
								prefix="arte_exclusiva"
								label={extraLabel('exclusive_art', 'Arte exclusiva')}
								hint="Envie a sua arte (imagem até 5MB)."
								value={art.kind === 'exclusive' ? exclusive : null}
								onChange={(image) => {
									setExclusive(image)
									chooseArt(image ? { kind: 'exclusive', fileKey: image.key } : { kind: 'none' })
								}}
							/>
						) : null}
						{price.has('pet_face') ? (
							<ImageUploadField
								prefix="rosto_pet"
								label={extraLabel('pet_face', 'Rosto do pet')}
								hint="Uma foto de frente, bem iluminada (imagem até 5MB)."
								goodPhotoExample
								value={art.kind === 'pet-face' ? face : null}
								onChange={(image) => {
									setFace(image)
									chooseArt(image ? { kind: 'pet-face', fileKey: image.key } : { kind: 'none' })
								}}
							/>
						) : null}
						{fieldError('readyMadeArtId') || fieldError('petFaceKey') || fieldError('exclusiveArtKey') ? (
							<p role="alert" className="text-sm font-medium text-destructive">
								{fieldError('readyMadeArtId') ?? fieldError('petFaceKey') ?? fieldError('exclusiveArtKey')}
							</p>
						) : null}
					</fieldset>

					<fieldset className="space-y-3">
						<legend className="mb-1 font-semibold">Extras</legend>
						{(
							[
								['extensor', 'extensor', 'Extensor'],
								['extraButton', 'extra_button', 'Botão extra'],
								['perfume', 'perfume', 'Perfume'],
							] as const
						).map(([flag, key, label]) =>
							price.has(key) ? (
								<div key={flag} className="flex items-center gap-2">
									<Checkbox
										id={flag}
										checked={flags[flag]}
										onCheckedChange={(checked) => setFlags((current) => ({ ...current, [flag]: checked === true }))}
									/>
									<Label htmlFor={flag}>{extraLabel(key, price.get(key)?.name ?? label)}</Label>
								</div>
							) : null,
						)}
					</fieldset>

					<div className="sticky bottom-0 -mx-4 border-t bg-background/95 px-4 py-4 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
						<div className="flex items-center justify-between gap-4">
							<p className="text-lg">
								Total: <strong data-testid="total-personalizacao">{formatMoney(totalCents)}</strong>
							</p>
							<Button type="submit" size="lg" disabled={!canAdd}>
								{add.busy ? 'Adicionando...' : 'Adicionar ao Carrinho'}
							</Button>
						</div>
						{colour === '' ? <p className="mt-2 text-sm text-muted-foreground">Selecione uma cor para continuar.</p> : null}
						{base === null ? (
							<p role="alert" className="mt-2 text-sm text-destructive">
								A bandana personalizada está indisponível no momento.
							</p>
						) : null}
					</div>
				</form>
			</div>
		</main>
	)
}
