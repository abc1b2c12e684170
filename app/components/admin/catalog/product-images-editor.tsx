import { GripVerticalIcon, ImagePlusIcon, Trash2Icon } from '~/components/icons/lucide'
import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { MoveButtons, useReorderableList } from '~/components/admin/reorder'
import { markFormChanged } from '~/components/admin/use-unsaved-changes'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { toast } from '~/components/ui/toast'
import { cn } from '~/utils/cn'
import { isResizableImageUrl, imageVariantUrl } from '~/utils/responsive-image'

export type EditorImage = { id: string; url: string; altText: string; width: number | null; height: number | null }

const MAX_IMAGE_BYTES = 5 * 1024 * 1024
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp']

/**
 * The product's pictures (issue 11): choose several at once (sent one by one, each checked by
 * the server, stored at once), arrange them by dragging or with the arrow buttons (keyboard and
 * touch), write each one's alt text, remove. The first picture is the one on cards and in the
 * cart. Issue 30: rendered inside the product's form, whose one 'Salvar' saves the order, the
 * alt texts and the removals (`image.N.id`, `image.N.alt`, `imageRemove`) with the rest.
 * Remounted (key) after each save, so its local order starts from the truth; a picture uploaded
 * meanwhile joins the end of the local order.
 */
export function ProductImagesEditor({ productId, images, error }: { productId: string; images: EditorImage[]; error?: string }) {
	const ids = useId()
	const endpoint = `/admin/produtos/${productId}/imagens`
	const uploader = useFetcher<{ ok: boolean; message: string }>()
	const { order, setOrder, move } = useReorderableList(images)
	const [removed, setRemoved] = useState<EditorImage[]>([])
	const [dragging, setDragging] = useState<number | null>(null)
	const [sending, setSending] = useState<{ done: number; total: number } | null>(null)
	// The server's list changed without a save (an upload): new pictures join the end; gone ones leave.
	useEffect(() => {
		setOrder((current) => {
			const known = new Set([...current, ...removed].map((image) => image.id))
			const present = new Set(images.map((image) => image.id))
			const kept = current.filter((image) => present.has(image.id))
			const added = images.filter((image) => !known.has(image.id))
			return added.length === 0 && kept.length === current.length ? current : [...kept, ...added]
		})
		// eslint-disable-next-line react-hooks/exhaustive-deps -- only when the server's list changes
	}, [images])

	async function upload(files: FileList | null) {
		const chosen = [...(files ?? [])]
		if (chosen.length === 0) return
		const refused = chosen.filter((file) => !ACCEPTED.includes(file.type) || file.size > MAX_IMAGE_BYTES)
		for (const file of refused) {
			toast.error(file.size > MAX_IMAGE_BYTES ? 'Imagem muito grande. Máximo 5MB.' : 'Use imagens JPEG, PNG ou WebP.', {
				description: file.name,
			})
		}
		const accepted = chosen.filter((file) => !refused.includes(file))
		for (const [index, file] of accepted.entries()) {
			setSending({ done: index, total: accepted.length })
			const form = new FormData()
			form.set('intent', 'upload')
			form.set('image', file)
			await uploader.submit(form, { method: 'post', action: endpoint, encType: 'multipart/form-data' })
		}
		setSending(null)
	}

	return (
		<Card>
			<CardHeader>
				<CardTitle>
					<h2 id={`${ids}-titulo`}>Imagens</h2>
				</CardTitle>
				<p className="text-sm text-muted-foreground">
					A primeira imagem aparece nos cards e no carrinho. Arraste ou use as setas para ordenar; a ordem, os textos e as
					remoções são guardados ao salvar o produto.
				</p>
			</CardHeader>
			<CardContent className="space-y-4">
				<div className="space-y-2">
					<Label htmlFor={`${ids}-arquivos`}>Adicionar imagens</Label>
					<Input
						id={`${ids}-arquivos`}
						type="file"
						multiple
						accept={ACCEPTED.join(',')}
						disabled={sending !== null}
						onChange={(event) => {
							void upload(event.target.files)
							event.target.value = ''
						}}
					/>
					<p className="text-xs text-muted-foreground" role="status">
						{sending ? `Enviando ${sending.done + 1} de ${sending.total}...` : 'JPEG, PNG ou WebP, até 5MB cada.'}
					</p>
				</div>

				{error ? (
					<p role="alert" className="text-sm font-medium text-destructive">
						{error}
					</p>
				) : null}
				{removed.map((image) => (
					<input key={image.id} type="hidden" name="imageRemove" value={image.id} />
				))}
				{removed.length > 0 ? (
					<p className="flex flex-wrap items-center gap-2 text-sm" role="status">
						{removed.length === 1 ? '1 imagem será removida ao salvar.' : `${removed.length} imagens serão removidas ao salvar.`}
						<Button
							type="button"
							variant="outline"
							size="sm"
							onClick={() => {
								setOrder((current) => [...current, ...removed])
								setRemoved([])
							}}
						>
							Desfazer
						</Button>
					</p>
				) : null}
				{order.length === 0 ? (
					<p className="flex items-center gap-2 text-sm text-muted-foreground">
						<ImagePlusIcon className="size-4" aria-hidden="true" />
						Nenhuma imagem ainda.
					</p>
				) : (
					<div role="group" aria-labelledby={`${ids}-titulo`} className="space-y-4">
						<ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
							{order.map((image, index) => (
								<li
									key={image.id}
									draggable
									onDragStart={() => setDragging(index)}
									onDragOver={(event) => {
										event.preventDefault()
										if (dragging !== null && dragging !== index) {
											move(dragging, index)
											setDragging(index)
										}
									}}
									onDragEnd={() => setDragging(null)}
									className={cn('space-y-2 rounded-lg border bg-card p-2', dragging === index && 'opacity-60')}
									data-testid="imagem-produto"
								>
									<input type="hidden" name={`image.${index}.id`} value={image.id} />
									<div className="relative">
										<img
											src={isResizableImageUrl(image.url) ? imageVariantUrl(image.url, 320) : image.url}
											alt=""
											width={image.width ?? 320}
											height={image.height ?? 320}
											loading="lazy"
											className="aspect-square w-full rounded-md bg-muted object-cover"
										/>
										<span className="absolute top-1 left-1 flex items-center gap-1 rounded bg-background/90 px-1.5 text-xs font-medium">
											<GripVerticalIcon className="size-3" aria-hidden="true" />
											{index + 1}
										</span>
									</div>
									<div className="space-y-1">
										<Label htmlFor={`${ids}-alt-${image.id}`}>Texto alternativo da imagem {index + 1}</Label>
										<Input
											id={`${ids}-alt-${image.id}`}
											name={`image.${index}.alt`}
											value={image.altText}
											maxLength={200}
											placeholder="Ex.: Bandana xadrez vermelha em um cachorro"
											onChange={(event) => {
												const altText = event.target.value
												setOrder((current) => current.map((item) => (item.id === image.id ? { ...item, altText } : item)))
											}}
										/>
									</div>
									<div className="flex gap-1">
										<MoveButtons
											index={index}
											count={order.length}
											onMove={move}
											labels={{ up: `Mover imagem ${index + 1} para antes`, down: `Mover imagem ${index + 1} para depois` }}
										/>
										<Button
											type="button"
											size="icon"
											variant="outline"
											className="ml-auto text-destructive"
											aria-label={`Remover imagem ${index + 1}`}
											onClick={(event) => {
												markFormChanged(event.currentTarget)
												setOrder((current) => current.filter((item) => item.id !== image.id))
												setRemoved((current) => [...current, image])
											}}
										>
											<Trash2Icon aria-hidden="true" />
										</Button>
									</div>
								</li>
							))}
						</ol>
					</div>
				)}
			</CardContent>
		</Card>
	)
}
