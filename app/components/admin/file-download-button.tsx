import { DownloadIcon } from '~/components/icons/lucide'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toast'

/** document 001 §10: the custom orders admin's download feedback. */
export const DOWNLOAD_MESSAGES = {
	done: 'Arquivo baixado com sucesso!',
	failed: 'Erro ao baixar arquivo',
} as const

function filenameOf(response: Response, fallback: string): string {
	const disposition = response.headers.get('content-disposition') ?? ''
	return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback
}

function save(href: string, filename?: string) {
	const link = document.createElement('a')
	link.href = href
	if (filename !== undefined) link.download = filename
	link.rel = 'noopener'
	document.body.append(link)
	link.click()
	link.remove()
}

/**
 * A custom order's file (issue 30): fetched by the admin's browser, then saved, with the
 * document's success or error toast. On local disk the bytes come back here and are saved as
 * the server names them; on S3 (decision 080) the route answers with a redirect to a one-minute
 * presigned URL, which the browser then follows itself (it carries 'attachment'). Without
 * JavaScript the link downloads as a plain link.
 */
export function FileDownloadButton({ href, label }: { href: string; label: string }) {
	const [busy, setBusy] = useState(false)
	return (
		<Button asChild variant="outline" size="sm" aria-disabled={busy || undefined}>
			<a
				href={href}
				download
				onClick={(event) => {
					event.preventDefault()
					if (busy) return
					setBusy(true)
					void (async () => {
						try {
							const response = await fetch(href, { redirect: 'manual', credentials: 'same-origin' })
							if (response.type === 'opaqueredirect') {
								save(href)
							} else if (response.ok) {
								const url = URL.createObjectURL(await response.blob())
								save(url, filenameOf(response, 'arquivo'))
								setTimeout(() => URL.revokeObjectURL(url), 60_000)
							} else {
								throw new Error(`HTTP ${response.status}`)
							}
							toast.success(DOWNLOAD_MESSAGES.done)
						} catch {
							toast.error(DOWNLOAD_MESSAGES.failed)
						} finally {
							setBusy(false)
						}
					})()
				}}
			>
				<DownloadIcon aria-hidden="true" />
				{label}
			</a>
		</Button>
	)
}
