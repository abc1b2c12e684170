import { ImageUpIcon, XIcon } from '~/components/icons/lucide'
import { useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { PhotoUploadStatus, usePhotoUpload } from '~/components/ui/photo-upload'
import { PHOTO_MESSAGES, uploadFailureMessage } from '~/utils/photo-upload'

export type UploadedImage = { key: string; previewUrl: string }
/** What /resources/personalizacao/arquivo answers (routes/resources/personalization-file.ts). */
type FileAnswer = { ok?: boolean; key?: string; previewUrl?: string; error?: string }
export type UploadPrefix = 'rosto_pet' | 'arte_exclusiva' | 'atacado_logo' | 'atacado_design'

/** document 001 §5: images only, at most 5 MB. The server checks again (magic bytes, size). */
export const FILE_TOO_LARGE = PHOTO_MESSAGES.tooLarge

/**
 * One personalization image: shrunk in the browser if it is a big phone photo (decision 073),
 * sent to the server as soon as it is picked (so nothing is lost if the order is refused later,
 * decision 20) with a thumbnail and a progress bar, then shown from the server, which shows it
 * only to this browser. A failed sending keeps the builder as it is, with 'Tentar novamente';
 * 'Remover' clears the choice. Issue 31: picked in a drop zone (dragged onto it, or a tap or
 * click anywhere on it), with an example of a good photo for the pet's face.
 */
export function ImageUploadField({
	prefix,
	label,
	hint,
	goodPhotoExample = false,
	value,
	onChange,
	onError,
}: {
	prefix: UploadPrefix
	label: string
	hint?: string
	/** The pet's face: a small picture of a good photo, and what makes it good (issue 31). */
	goodPhotoExample?: boolean
	value: UploadedImage | null
	onChange: (image: UploadedImage | null) => void
	onError?: (message: string) => void
}) {
	const inputId = useId()
	const input = useRef<HTMLInputElement>(null)
	const photo = usePhotoUpload()
	const [dragging, setDragging] = useState(false)
	const busy = photo.state.phase === 'preparing' || photo.state.phase === 'sending'
	const statusId = `${inputId}-envio`
	const zoneHelpId = `${inputId}-zona`

	const send = async () => {
		const form = new FormData()
		form.set('prefix', prefix)
		const response = await photo.send('/resources/personalizacao/arquivo', form, 'file', { accept: 'application/json' })
		if (!response) return onError?.(PHOTO_MESSAGES.failed)
		let body: FileAnswer | null = null
		try {
			body = JSON.parse(response.text) as FileAnswer
		} catch {
			body = null
		}
		if (response.status === 200 && body?.ok && body.key && body.previewUrl) {
			photo.reset()
			onChange({ key: body.key, previewUrl: body.previewUrl })
			return
		}
		const message = uploadFailureMessage(response.status, body?.error)
		photo.fail(message)
		onError?.(message)
	}

	const choose = async (file: File) => {
		const outcome = await photo.choose(file)
		if (input.current) input.current.value = ''
		if (outcome?.ok) await send()
		else if (outcome) onError?.(outcome.message)
	}

	return (
		<div className="space-y-2">
			<label htmlFor={inputId} className="block font-medium">
				{label}
			</label>
			{hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
			{value ? (
				<div className="flex items-center gap-3" data-testid="upload-escolhido">
					<img src={value.previewUrl} alt={`Prévia: ${label}`} width={80} height={80} className="size-20 rounded-lg border object-cover" />
					<Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
						<XIcon aria-hidden="true" />
						Remover
					</Button>
				</div>
			) : null}
			{/*
			 * The drop zone (issue 31): a photo dragged onto it, or a tap/click anywhere on it (the
			 * file input covers it, invisible, so the keyboard and screen readers use the input itself).
			 */}
			<div
				className={
					value
						? 'sr-only'
						: `relative flex items-center gap-3 rounded-xl border-2 border-dashed p-4 transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring ${
								dragging ? 'border-primary bg-primary/10' : 'border-input hover:border-primary/60 hover:bg-accent/40'
							}`
				}
				data-testid="zona-upload"
				data-arrastando={dragging ? 'sim' : undefined}
				onDragEnter={(event) => {
					if (busy || !event.dataTransfer.types.includes('Files')) return
					event.preventDefault()
					setDragging(true)
				}}
				onDragOver={(event) => {
					if (busy || !event.dataTransfer.types.includes('Files')) return
					event.preventDefault()
					event.dataTransfer.dropEffect = 'copy'
				}}
				onDragLeave={(event) => {
					if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
				}}
				onDrop={(event) => {
					event.preventDefault()
					setDragging(false)
					const file = event.dataTransfer.files[0]
					if (file && !busy) void choose(file)
				}}
			>
				<ImageUpIcon className="size-8 shrink-0 text-primary" aria-hidden="true" />
				<p id={zoneHelpId} className="min-w-0 text-sm">
					<span className="font-medium text-primary">Escolha uma imagem</span> ou arraste-a para cá
					<span className="block text-xs text-muted-foreground">JPG, PNG ou HEIC, até 5MB</span>
				</p>
				<input
					ref={input}
					id={inputId}
					type="file"
					accept="image/*,.heic,.heif"
					disabled={busy}
					aria-describedby={photo.state.phase === 'idle' ? zoneHelpId : `${zoneHelpId} ${statusId}`}
					onChange={(event) => {
						const file = event.currentTarget.files?.[0]
						if (file) void choose(file)
					}}
					className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-wait"
				/>
			</div>
			<PhotoUploadStatus id={statusId} state={photo.state} onRetry={() => void send()} />
			{goodPhotoExample && !value ? <GoodPhotoExample /> : null}
		</div>
	)
}

/** What a good photo of the pet's face looks like: a small picture and the three things that matter. */
function GoodPhotoExample() {
	return (
		<figure className="flex items-center gap-3 rounded-lg bg-muted/50 p-2" data-testid="exemplo-boa-foto">
			<svg viewBox="0 0 64 64" role="img" aria-label="Exemplo de boa foto: o rosto de um cachorro de frente, bem iluminado" className="size-14 shrink-0">
				<rect width="64" height="64" rx="8" fill="#fef3c7" />
				{/* the light, from the front */}
				<circle cx="54" cy="10" r="5" fill="#facc15" />
				{/* ears, head, eyes, snout, nose */}
				<path d="M14 18 Q10 34 19 40 L24 22 Z" fill="#a8743f" />
				<path d="M50 18 Q54 34 45 40 L40 22 Z" fill="#a8743f" />
				<ellipse cx="32" cy="34" rx="15" ry="17" fill="#d6a56b" />
				<circle cx="26" cy="30" r="2.5" fill="#3f2a16" />
				<circle cx="38" cy="30" r="2.5" fill="#3f2a16" />
				<ellipse cx="32" cy="42" rx="7" ry="5" fill="#e6be8a" />
				<ellipse cx="32" cy="40" rx="3" ry="2" fill="#3f2a16" />
				{/* the check: a good one */}
				<circle cx="52" cy="52" r="8" fill="#16a34a" />
				<path d="M48 52 L51 55 L56 49" fill="none" stroke="#ffffff" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
			</svg>
			<figcaption className="text-xs text-muted-foreground">
				<span className="block font-medium text-foreground">Exemplo de boa foto</span>
				De frente, com boa luz, o rosto inteiro aparecendo e sem filtros.
			</figcaption>
		</figure>
	)
}
