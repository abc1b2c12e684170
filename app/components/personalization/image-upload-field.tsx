import { ImageUpIcon, LoaderCircleIcon, XIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'

export type UploadedImage = { key: string; previewUrl: string }
export type UploadPrefix = 'rosto_pet' | 'arte_exclusiva' | 'atacado_logo' | 'atacado_design'

/** document 001 §5: images only, at most 5 MB. The server checks again (magic bytes, size). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const FILE_TOO_LARGE = 'Arquivo muito grande. Máximo 5MB.'
const NOT_AN_IMAGE = 'Por favor, selecione um arquivo de imagem válido.'
const UPLOAD_FAILED = 'Não foi possível enviar o arquivo. Tente novamente.'

/**
 * One personalization image: sent to the server as soon as it is picked (so nothing is lost if
 * the order is refused later, decision 20), then shown from the server, which shows it only to
 * this browser. 'Remover' clears the choice.
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
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)

	const fail = (message: string) => {
		setError(message)
		onError?.(message)
	}

	const upload = async (file: File) => {
		setError(null)
		if (!file.type.startsWith('image/')) return fail(NOT_AN_IMAGE)
		if (file.size > MAX_IMAGE_BYTES) return fail(FILE_TOO_LARGE)
		const form = new FormData()
		form.set('prefix', prefix)
		form.set('file', file)
		setBusy(true)
		try {
			const response = await fetch('/resources/personalizacao/arquivo', { method: 'POST', body: form, credentials: 'same-origin' })
			const body = (await response.json().catch(() => null)) as { ok: boolean; key?: string; previewUrl?: string; error?: string } | null
			if (!body?.ok || !body.key || !body.previewUrl) return fail(body?.error ?? (response.status === 413 ? FILE_TOO_LARGE : UPLOAD_FAILED))
			onChange({ key: body.key, previewUrl: body.previewUrl })
		} catch {
			fail(UPLOAD_FAILED)
		} finally {
			setBusy(false)
			if (input.current) input.current.value = ''
		}
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
					accept="image/*"
					disabled={busy}
					aria-describedby={error ? `${inputId}-erro` : undefined}
					onChange={(event) => {
						const file = event.currentTarget.files?.[0]
						if (file) void upload(file)
					}}
					className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium"
				/>
				{busy ? (
					<LoaderCircleIcon className="size-4 animate-spin" aria-label="Enviando arquivo" />
				) : (
					<ImageUpIcon className="size-4 text-muted-foreground" aria-hidden="true" />
				)}
			</div>
			{error ? (
				<p id={`${inputId}-erro`} role="alert" className="text-sm font-medium text-destructive">
					{error}
				</p>
			) : null}
		</div>
	)
}
