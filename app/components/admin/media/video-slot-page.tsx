import { RotateCcwIcon, Trash2Icon, UploadIcon, XIcon } from '~/components/icons/lucide'
import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { AdminPage, FieldMessage } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { toast } from '~/components/ui/toast'
import { formatDateTime } from '~/utils/format'
import { capturePoster } from './capture-poster'
import { formatTimeLeft, useFileUpload } from './use-file-upload'
import { VIDEO_SLOT_COPY, type VideoSlotName } from './video-slot-copy'

/** The largest video the server takes (document 001 §8); checked here first to spare the wait. */
const MAX_VIDEO_BYTES = 50 * 1024 * 1024

type ChosenFile = { file: File; preview: string; poster: Promise<Blob | null> }

type ActiveVideo = { id: string; videoUrl: string; posterUrl: string | null; createdAt: string }

/**
 * One of the three video pages (document 001 §2 'Banner video', 'Subscription CTA video',
 * 'Personalization video'): the current video with 'Remover Vídeo', a file picker with a
 * preview, a streamed upload with progress (percentage, time left, cancel, retry), and on the
 * CTA and personalization pages a pasted address with 'Salvar Vídeo'. The banner sends and
 * activates in one step ('Enviar Vídeo'). A still frame is taken from the chosen video and
 * saved with it as its poster.
 */
export function VideoSlotPage({ slot, video, loadFailed }: { slot: VideoSlotName; video: ActiveVideo | null; loadFailed: boolean }) {
	const copy = VIDEO_SLOT_COPY[slot]
	const ids = useId()
	const fetcher = useFetcher<{ ok: boolean; fieldError?: string }>()
	const upload = useFileUpload()
	const [chosen, setChosen] = useState<ChosenFile | null>(null)
	const [inputKey, setInputKey] = useState(0)
	const [address, setAddress] = useState('')
	const [handledResult, setHandledResult] = useState<unknown>(null)
	const endpoint = `/admin/videos/${slot}/upload`
	const busy = upload.state.status === 'uploading' || fetcher.state !== 'idle'
	const file = chosen?.file ?? null

	useEffect(() => {
		if (loadFailed) toast.error(copy.loadError)
	}, [loadFailed, copy.loadError])

	// The preview's object URL lives as long as the chosen file.
	useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen])

	// A successful save or removal clears the form for the next video (adjusted while rendering,
	// once per answer, rather than in an effect).
	if (fetcher.state === 'idle' && fetcher.data?.ok && fetcher.data !== handledResult) {
		setHandledResult(fetcher.data)
		setChosen(null)
		setAddress('')
		setInputKey((key) => key + 1)
		upload.reset()
	}

	async function save(videoUrl: string, takePosterFromAddress: boolean) {
		const form = new FormData()
		form.set('intent', 'save')
		form.set('videoUrl', videoUrl)
		const frame = takePosterFromAddress ? await capturePoster(videoUrl) : await (chosen?.poster ?? Promise.resolve(null))
		if (frame) form.set('poster', frame, 'poster.jpg')
		await fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' })
	}

	async function send(chosen: File) {
		const result = await upload.start(endpoint, chosen)
		if (result.status === 'failed') {
			toast.error(result.title || copy.uploadError, { description: result.message ?? copy.uploadErrorFallback })
		} else if (result.status === 'cancelled') {
			toast('Envio cancelado', { description: 'Nada foi salvo. Você pode enviar de novo quando quiser.' })
		} else if (result.status === 'done') {
			if (copy.uploadActivates) {
				await save(result.url, false)
			} else {
				setAddress(result.url)
				toast.success(copy.uploaded.title, { description: copy.uploaded.description })
			}
		}
	}

	function choose(event: React.ChangeEvent<HTMLInputElement>) {
		const picked = event.target.files?.[0] ?? null
		upload.reset()
		if (!picked) return setChosen(null)
		if (!picked.type.startsWith('video/')) {
			event.target.value = ''
			setChosen(null)
			return void toast.error(copy.invalidType.title, { description: copy.invalidType.description })
		}
		if (picked.size > MAX_VIDEO_BYTES) {
			event.target.value = ''
			setChosen(null)
			return void toast.error(copy.tooLarge.title, { description: copy.tooLarge.description })
		}
		const preview = URL.createObjectURL(picked)
		setChosen({ file: picked, preview, poster: capturePoster(preview) })
		// CTA and personalization: the file goes up at once; 'Salvar Vídeo' then applies it.
		if (!copy.uploadActivates) void send(picked)
	}

	function remove() {
		if (!window.confirm(copy.removeConfirm)) return
		void fetcher.submit({ intent: 'remove' }, { method: 'post', encType: 'multipart/form-data' })
	}

	const fieldError = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.fieldError : undefined

	return (
		<AdminPage title={copy.title} description={copy.description}>
			<div className="grid gap-6 lg:grid-cols-2">
				<Card>
					<CardHeader>
						<CardTitle>Vídeo atual</CardTitle>
					</CardHeader>
					<CardContent className="space-y-4">
						{video ? (
							<>
								<video
									src={video.videoUrl}
									poster={video.posterUrl ?? undefined}
									controls
									muted
									playsInline
									preload="metadata"
									className="aspect-video w-full rounded-md bg-muted object-cover"
									data-testid="video-atual"
								/>
								<p className="text-sm break-all text-muted-foreground">
									Ativo desde {formatDateTime(video.createdAt)} · {video.videoUrl}
								</p>
								<Button type="button" variant="destructive" onClick={remove} disabled={busy}>
									<Trash2Icon aria-hidden="true" />
									Remover Vídeo
								</Button>
							</>
						) : (
							<p className="text-sm text-muted-foreground" data-testid="sem-video">
								Nenhum vídeo ativo. A página inicial mostra {slot === 'personalization' ? 'a seção sem vídeo' : 'o vídeo padrão da loja'}.
							</p>
						)}
					</CardContent>
				</Card>

				<Card>
					<CardHeader>
						<CardTitle>Novo vídeo</CardTitle>
					</CardHeader>
					<CardContent>
						<form
							noValidate
							className="space-y-4"
							onSubmit={(event) => {
								event.preventDefault()
								if (copy.uploadActivates) {
									if (!file) return void toast.error(copy.noFile)
									void send(file)
								} else {
									void save(address.trim(), address.trim() !== '' && upload.state.status !== 'done')
								}
							}}
						>
							<div className="space-y-2">
								<Label htmlFor={`${ids}-arquivo`}>Arquivo de vídeo</Label>
								<Input
									key={inputKey}
									id={`${ids}-arquivo`}
									type="file"
									accept="video/mp4,video/webm,video/quicktime,video/*"
									onChange={choose}
									disabled={busy}
								/>
								<p className="text-xs text-muted-foreground">MP4, WebM ou MOV, até 50MB.</p>
							</div>
							{chosen ? (
								<video
									src={chosen.preview}
									controls
									muted
									playsInline
									className="aspect-video w-full rounded-md bg-muted object-cover"
									data-testid="video-previa"
									aria-label="Prévia do vídeo escolhido"
								/>
							) : null}
							<UploadProgress state={upload.state} onCancel={upload.cancel} onRetry={file ? () => void send(file) : undefined} />
							{copy.acceptsAddress ? (
								<div className="space-y-2">
									<Label htmlFor={`${ids}-url`}>URL do vídeo</Label>
									<Input
										id={`${ids}-url`}
										name="videoUrl"
										type="url"
										inputMode="url"
										placeholder="https://…/video.mp4"
										value={address}
										onChange={(event) => setAddress(event.target.value)}
										aria-invalid={fieldError ? true : undefined}
										aria-describedby={`${ids}-url-erro`}
									/>
									<FieldMessage id={`${ids}-url-erro`} message={fieldError} />
								</div>
							) : null}
							<Button type="submit" disabled={busy}>
								<UploadIcon aria-hidden="true" />
								{copy.uploadActivates
									? upload.state.status === 'uploading'
										? 'Enviando...'
										: 'Enviar Vídeo'
									: fetcher.state !== 'idle'
										? 'Salvando...'
										: 'Salvar Vídeo'}
							</Button>
						</form>
					</CardContent>
				</Card>
			</div>

			<Card className="mt-6">
				<CardHeader>
					<CardTitle>Dicas</CardTitle>
				</CardHeader>
				<CardContent>
					<ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
						{copy.tips.map((tip) => (
							<li key={tip}>{tip}</li>
						))}
					</ul>
				</CardContent>
			</Card>
		</AdminPage>
	)
}

function UploadProgress({
	state,
	onCancel,
	onRetry,
}: {
	state: ReturnType<typeof useFileUpload>['state']
	onCancel: () => void
	onRetry?: () => void
}) {
	if (state.status === 'uploading') {
		return (
			<div className="space-y-2" data-testid="envio-progresso">
				<div
					role="progressbar"
					aria-label="Envio do vídeo"
					aria-valuemin={0}
					aria-valuemax={100}
					aria-valuenow={state.percent}
					className="h-2 w-full overflow-hidden rounded-full bg-muted"
				>
					<div className="h-full bg-primary transition-[width]" style={{ width: `${state.percent}%` }} />
				</div>
				<div className="flex items-center justify-between gap-2 text-sm">
					<span aria-live="polite">
						{state.percent}%{state.secondsLeft !== null ? ` · ${formatTimeLeft(state.secondsLeft)}` : ''}
					</span>
					<Button type="button" size="sm" variant="outline" onClick={onCancel}>
						<XIcon aria-hidden="true" />
						Cancelar envio
					</Button>
				</div>
			</div>
		)
	}
	if ((state.status === 'failed' || state.status === 'cancelled') && onRetry) {
		return (
			<Button type="button" size="sm" variant="outline" onClick={onRetry}>
				<RotateCcwIcon aria-hidden="true" />
				Tentar novamente
			</Button>
		)
	}
	if (state.status === 'done') {
		return (
			<p className="text-sm text-muted-foreground" role="status">
				Envio concluído.
			</p>
		)
	}
	return null
}
