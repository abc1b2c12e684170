import { useCallback, useEffect, useRef, useState } from 'react'
import { uploadPercent, uploadSecondsLeft } from './upload-progress'

export { formatTimeLeft } from './upload-progress'

/**
 * Sends one file as the raw body of a POST with XMLHttpRequest, the one browser API that
 * reports upload progress, so the admin sees a real percentage and the time left, and can
 * cancel. fetch() cannot report upload progress.
 */
export type UploadState =
	| { status: 'idle' }
	| { status: 'uploading'; percent: number; secondsLeft: number | null }
	| { status: 'done'; url: string; body: Record<string, unknown> }
	| { status: 'failed'; title: string; message: string | null }
	| { status: 'cancelled' }

type Answer = ({ ok: true; url?: string } & Record<string, unknown>) | { ok: false; title: string; message: string }

function parseAnswer(text: string): Answer | null {
	try {
		const value = JSON.parse(text) as unknown
		if (value && typeof value === 'object' && 'ok' in value) return value as Answer
	} catch {
		// A proxy's HTML error page, or a cut-off answer.
	}
	return null
}

export function useFileUpload() {
	const [state, setState] = useState<UploadState>({ status: 'idle' })
	const request = useRef<XMLHttpRequest | null>(null)

	useEffect(() => () => request.current?.abort(), [])

	/** `tooLarge`: the message for a 413 without the server's own answer (a proxy's limit). */
	const start = useCallback((endpoint: string, file: File, tooLarge = 'O vídeo deve ter no máximo 50MB.'): Promise<UploadState> => {
		request.current?.abort()
		return new Promise((resolve) => {
			const xhr = new XMLHttpRequest()
			request.current = xhr
			const startedAt = performance.now()
			const finish = (next: UploadState) => {
				if (request.current === xhr) request.current = null
				setState(next)
				resolve(next)
			}
			xhr.upload.onprogress = (event) => {
				if (!event.lengthComputable || event.total === 0) return
				const elapsed = (performance.now() - startedAt) / 1000
				setState({
					status: 'uploading',
					percent: uploadPercent(event.loaded, event.total),
					secondsLeft: uploadSecondsLeft(event.loaded, event.total, elapsed),
				})
			}
			xhr.onload = () => {
				const answer = parseAnswer(xhr.responseText)
				if (xhr.status >= 200 && xhr.status < 300 && answer?.ok)
					finish({ status: 'done', url: typeof answer.url === 'string' ? answer.url : '', body: answer })
				else if (answer && !answer.ok) finish({ status: 'failed', title: answer.title, message: answer.message })
				else if (xhr.status === 413)
					finish({ status: 'failed', title: 'Arquivo muito grande', message: tooLarge })
				else finish({ status: 'failed', title: '', message: null })
			}
			xhr.onerror = () =>
				finish({ status: 'failed', title: '', message: 'Sem conexão com a loja. Verifique a internet e tente novamente.' })
			xhr.onabort = () => finish({ status: 'cancelled' })
			xhr.open('POST', endpoint)
			xhr.setRequestHeader('Accept', 'application/json')
			setState({ status: 'uploading', percent: 0, secondsLeft: null })
			xhr.send(file)
		})
	}, [])

	const cancel = useCallback(() => request.current?.abort(), [])
	const reset = useCallback(() => setState({ status: 'idle' }), [])

	return { state, start, cancel, reset }
}
