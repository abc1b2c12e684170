import { RotateCcwIcon } from '~/components/icons/lucide'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import type { PreparedImage } from '~/utils/image-shrink'
import { PHOTO_MESSAGES, type UploadResponse, sendWithProgress } from '~/utils/photo-upload'

/**
 * A shopper's photo on its way to the shop (decision 073): shrunk in the browser when chosen
 * (utils/image-shrink.ts, fetched only then), shown as a thumbnail, sent with a progress bar;
 * a failed sending keeps the prepared file for 'Tentar novamente', and the page around it (a
 * caption, a builder's choices) is never touched. Shared by every shopper upload: 'Minhas
 * Fotos' and the personalization image fields.
 */

export type PhotoUploadState =
	| { phase: 'idle' }
	| { phase: 'preparing' }
	| { phase: 'ready'; prepared: PreparedImage; previewUrl: string }
	| { phase: 'sending'; prepared: PreparedImage; previewUrl: string; progress: number }
	| { phase: 'failed'; prepared: PreparedImage; previewUrl: string; message: string }
	/** The file could not be used at all (not a picture, HEIC the browser cannot open, too big). */
	| { phase: 'refused'; message: string }

/** What a pick gave; null when there was no file or a later pick replaced it. */
export type ChooseOutcome = { ok: true; prepared: PreparedImage } | { ok: false; message: string }

export function usePhotoUpload() {
	const [state, setState] = useState<PhotoUploadState>({ phase: 'idle' })
	// The prepared file and its thumbnail, for send() right after choose() (before a re-render).
	const chosen = useRef<{ prepared: PreparedImage; previewUrl: string } | null>(null)
	const previewUrl = useRef<string | null>(null)
	// A second pick while the first is still being prepared wins; the first's result is dropped.
	const pick = useRef(0)

	const setPreview = useCallback((url: string | null) => {
		if (previewUrl.current) URL.revokeObjectURL(previewUrl.current)
		previewUrl.current = url
		if (url === null) chosen.current = null
	}, [])
	useEffect(() => () => setPreview(null), [setPreview])

	const choose = useCallback(
		async (file: File | null | undefined): Promise<ChooseOutcome | null> => {
			const id = ++pick.current
			setPreview(null)
			if (!file) {
				setState({ phase: 'idle' })
				return null
			}
			setState({ phase: 'preparing' })
			try {
				const { prepareImage } = await import('~/utils/image-shrink')
				const prepared = await prepareImage(file)
				if (id !== pick.current) return null
				const url = URL.createObjectURL(prepared.file)
				setPreview(url)
				chosen.current = { prepared, previewUrl: url }
				setState({ phase: 'ready', prepared, previewUrl: url })
				return { ok: true, prepared }
			} catch (error) {
				if (id !== pick.current) return null
				// A ShrinkError carries its message; anything else (the module failed to load) is a sending problem.
				const message = error instanceof Error && error.name === 'ShrinkError' ? error.message : PHOTO_MESSAGES.failed
				setState({ phase: 'refused', message })
				return { ok: false, message }
			}
		},
		[setPreview],
	)

	/**
	 * Sends the prepared file in `form` (under `field`) to `url`. Resolves with the answer, or
	 * null when none came (the state then says so, with the retry). The caller judges the answer
	 * and calls `fail` or `reset`.
	 */
	const send = useCallback(
		async (url: string, form: FormData, field: string, options: { accept?: string } = {}): Promise<UploadResponse | null> => {
			if (!chosen.current) return null
			const { prepared, previewUrl: preview } = chosen.current
			form.set(field, prepared.file)
			setState({ phase: 'sending', prepared, previewUrl: preview, progress: 0 })
			try {
				return await sendWithProgress(url, form, {
					accept: options.accept,
					onProgress: (progress) => setState((s) => (s.phase === 'sending' ? { ...s, progress } : s)),
				})
			} catch {
				setState({ phase: 'failed', prepared, previewUrl: preview, message: PHOTO_MESSAGES.failed })
				return null
			}
		},
		[],
	)
	const fail = useCallback((message: string) => {
		setState((s) => (s.phase === 'sending' || s.phase === 'ready' ? { phase: 'failed', prepared: s.prepared, previewUrl: s.previewUrl, message } : s))
	}, [])

	const reset = useCallback(() => {
		pick.current++
		setPreview(null)
		setState({ phase: 'idle' })
	}, [setPreview])

	return { state, choose, send, fail, reset }
}

function megabytes(bytes: number): string {
	return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`
}

/** The thumbnail, the progress and the outcome of one photo. */
export function PhotoUploadStatus({ state, onRetry, id }: { state: PhotoUploadState; onRetry?: () => void; id?: string }) {
	if (state.phase === 'idle') return null
	if (state.phase === 'refused')
		return (
			<p id={id} role="alert" className="text-sm font-medium text-destructive" data-testid="foto-erro">
				{state.message}
			</p>
		)
	if (state.phase === 'preparing')
		return (
			<p id={id} role="status" className="text-sm text-muted-foreground">
				Preparando a foto…
			</p>
		)
	const { prepared, previewUrl } = state
	const percent = state.phase === 'sending' ? Math.round(state.progress * 100) : null
	return (
		<div id={id} className="flex items-start gap-3" data-testid="foto-envio">
			<img
				src={previewUrl}
				alt="Prévia da foto escolhida"
				width={64}
				height={64}
				className="size-16 shrink-0 rounded-md border object-cover"
				data-testid="foto-miniatura"
			/>
			<div className="min-w-0 flex-1 space-y-1 text-sm">
				<p className="truncate">{prepared.file.name}</p>
				<p className="text-muted-foreground">
					{prepared.shrunk
						? `Reduzida de ${megabytes(prepared.originalBytes)} para ${megabytes(prepared.file.size)} (${prepared.width} × ${prepared.height} px)`
						: megabytes(prepared.file.size)}
				</p>
				{percent !== null ? (
					<div className="flex items-center gap-2">
						<progress
							max={100}
							value={percent}
							aria-label="Envio da foto"
							className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-secondary [&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:bg-primary"
							data-testid="foto-progresso"
						/>
						<span className="w-10 text-right tabular-nums" aria-hidden="true">
							{percent}%
						</span>
					</div>
				) : null}
				<p role="status" className="sr-only">
					{state.phase === 'sending' ? 'Enviando a foto…' : ''}
				</p>
				{state.phase === 'failed' ? (
					<div className="space-y-2">
						<p role="alert" className="font-medium text-destructive" data-testid="foto-erro">
							{state.message}
						</p>
						{onRetry ? (
							<Button type="button" variant="outline" size="sm" onClick={onRetry}>
								<RotateCcwIcon aria-hidden="true" />
								Tentar novamente
							</Button>
						) : null}
					</div>
				) : null}
			</div>
		</div>
	)
}
