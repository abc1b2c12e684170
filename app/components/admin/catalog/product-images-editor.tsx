import { GripVerticalIcon, ImagePlusIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { MoveButtons, useReorderableList } from '~/components/admin/reorder'
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
 * the server), arrange them by dragging or with the arrow buttons (keyboard and touch), write
 * each one's alt text, delete. The first picture is the one on cards and in the cart.
 * Remounted (key) whenever the server's list changes, so its local order starts from the truth.
 */
export function ProductImagesEditor({ productId, images }: { productId: string; images: EditorImage[] }) {
	const ids = useId()
	const endpoint = `/admin/produtos/${productId}/imagens`
	const uploader = useFetcher<{ ok: boolean; message: string }>()
	const saver = useFetcher<{ ok: boolean; message: string }>()
	const remover = useFetcher<{ ok: boolean; message: string }>()
	const { order, setOrder, move } = useReorderableList(images)
	const [dragging, setDragging] = useState<number | null>(null)
	const [sending, setSending] = useState<{ done: number; total: number } | null>(null)
	const changed = order.some((image, i) => image.id !== images[i]?.id || image.altText !== images[i]?.altText)

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
					A primeira imagem aparece nos cards e no carrinho. Arraste ou use as setas para ordenar.
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

				{order.length === 0 ? (
					<p className="flex items-center gap-2 text-sm text-muted-foreground">
						<ImagePlusIcon className="size-4" aria-hidden="true" />
						Nenhuma imagem ainda.
					</p>
				) : (
					<saver.Form method="post" action={endpoint} encType="multipart/form-data" aria-labelledby={`${ids}-titulo`} className="space-y-4">
						<input type="hidden" name="intent" value="save" />
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
											disabled={remover.state !== 'idle'}
											onClick={() => {
												if (!window.confirm('Remover esta imagem do produto?')) return
												void remover.submit(
													{ intent: 'delete', id: image.id },
													{ method: 'post', action: endpoint, encType: 'multipart/form-data' },
												)
											}}
										>
											<Trash2Icon aria-hidden="true" />
										</Button>
									</div>
								</li>
							))}
						</ol>
						<Button type="submit" variant="outline" disabled={!changed || saver.state !== 'idle'}>
							{saver.state !== 'idle' ? 'Salvando...' : 'Salvar imagens'}
						</Button>
					</saver.Form>
				)}
			</CardContent>
		</Card>
	)
}
