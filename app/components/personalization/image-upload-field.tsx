import { ImageUpIcon, XIcon } from 'lucide-react'
import { useId, useRef } from 'react'
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
 * 'Remover' clears the choice.
 */
export function ImageUploadField({
	prefix,
	label,
	hint,
	value,
	onChange,
	onError,
}: {
	prefix: UploadPrefix
	label: string
	hint?: string
	value: UploadedImage | null
	onChange: (image: UploadedImage | null) => void
	onError?: (message: string) => void
}) {
	const inputId = useId()
	const input = useRef<HTMLInputElement>(null)
	const photo = usePhotoUpload()
	const busy = photo.state.phase === 'preparing' || photo.state.phase === 'sending'
	const statusId = `${inputId}-envio`

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
				<div className="flex items-center gap-3">
					<img src={value.previewUrl} alt={`Prévia: ${label}`} width={80} height={80} className="size-20 rounded-lg border object-cover" />
					<Button type="button" variant="outline" size="sm" onClick={() => onChange(null)}>
						<XIcon aria-hidden="true" />
						Remover
					</Button>
				</div>
			) : null}
			<div className={value ? 'sr-only' : 'flex items-center gap-2'}>
				<input
					ref={input}
					id={inputId}
					type="file"
					accept="image/*,.heic,.heif"
					disabled={busy}
					aria-describedby={photo.state.phase === 'idle' ? undefined : statusId}
					onChange={(event) => {
						const file = event.currentTarget.files?.[0]
						if (file) void choose(file)
					}}
					className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium"
				/>
				<ImageUpIcon className="size-4 text-muted-foreground" aria-hidden="true" />
			</div>
			<PhotoUploadStatus id={statusId} state={photo.state} onRetry={() => void send()} />
		</div>
	)
}

