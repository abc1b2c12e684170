import { useCallback, useRef, useState } from 'react'
import { toast } from '~/components/ui/toast'
import type { AriaChatMessage, AriaConversationResponse, AriaProductCard } from '~/utils/aria-card'
import { ARIA_COPY, productHandlesOf } from '~/utils/aria-reply'
import { readReplyStream } from './read-reply-stream'

export type ChatMessage = AriaChatMessage & {
	/** The reply is still arriving. */
	streaming?: boolean
	/** A notice from the shop (rate limit, invalid message), not a reply of the assistant. */
	notice?: boolean
}

type LoadState = 'idle' | 'loading' | 'ready'

/**
 * The chat's state (issue 12): the conversation kept on the server for this browser session
 * (loaded when the panel first opens), sending a message and reading the streamed reply,
 * loading the cards of the products it names, and clearing.
 */
export function useAriaChat() {
	const [messages, setMessages] = useState<ChatMessage[]>([])
	const [pending, setPending] = useState(false)
	const [loadState, setLoadState] = useState<LoadState>('idle')
	const sending = useRef(false)

	const load = useCallback(async () => {
		if (loadState !== 'idle') return
		setLoadState('loading')
		try {
			const response = await fetch('/resources/aria', { headers: { Accept: 'application/json' } })
			if (response.ok) {
				const body = (await response.json()) as AriaConversationResponse
				// Messages sent before the conversation arrived stay after it.
				setMessages((current) => [...body.messages, ...current])
			}
		} catch {
			// The chat still works; only the earlier messages are not shown.
		} finally {
			setLoadState('ready')
		}
	}, [loadState])

	const send = useCallback(async (text: string) => {
		const message = text.trim()
		// document 000 §6: ignored when empty or while a reply is pending.
		if (!message || sending.current) return false
		sending.current = true
		setPending(true)
		const replyId = `resposta-${Date.now()}`
		setMessages((current) => [...current, { id: `pergunta-${Date.now()}`, role: 'user', content: message, products: [] }])
		const update = (patch: Partial<ChatMessage>) =>
			setMessages((current) => current.map((m) => (m.id === replyId ? { ...m, ...patch } : m)))
		try {
			const form = new FormData()
			form.set('intent', 'send')
			form.set('message', message)
			form.set('page', window.location.pathname)
			const response = await fetch('/resources/aria', { method: 'POST', body: form })
			if (response.status === 429 || response.status === 400) {
				// The shop's own refusal (rate limit, invalid message): said in the chat as it is.
				const body = (await response.json().catch(() => null)) as { error?: string } | null
				setMessages((current) => [
					...current,
					{ id: replyId, role: 'assistant', content: body?.error ?? ARIA_COPY.errorToast, products: [], notice: true },
				])
				return true
			}
			if (!response.ok) throw new Error(ARIA_COPY.connectFailed)
			setMessages((current) => [...current, { id: replyId, role: 'assistant', content: '', products: [], streaming: true }])
			const reply = await readReplyStream(response, (soFar) => update({ content: soFar }))
			update({ content: reply, streaming: false })
			const handles = productHandlesOf(reply)
			if (handles.length > 0) update({ products: await loadCards(handles) })
			return true
		} catch {
			// document 000 §8: the cause ('Falha ao conectar…', 'Resposta vazia…') is the error; the shopper sees the toast.
			toast.error(ARIA_COPY.errorToast)
			setMessages((current) => current.flatMap((m) => (m.id !== replyId ? [m] : m.content.trim() ? [{ ...m, streaming: false }] : [])))
			return false
		} finally {
			sending.current = false
			setPending(false)
		}
	}, [])

	const clear = useCallback(async () => {
		if (sending.current) return
		const form = new FormData()
		form.set('intent', 'clear')
		try {
			const response = await fetch('/resources/aria', { method: 'POST', body: form })
			if (!response.ok) throw new Error(ARIA_COPY.connectFailed)
			setMessages([])
		} catch {
			toast.error('Não foi possível limpar a conversa. Tente novamente.')
		}
	}, [])

	return { messages, pending, loaded: loadState === 'ready', load, send, clear }
}

async function loadCards(handles: string[]): Promise<AriaProductCard[]> {
	try {
		const response = await fetch(`/resources/aria/produtos?handles=${encodeURIComponent(handles.join(','))}`)
		if (!response.ok) return []
		const body = (await response.json()) as { products: AriaProductCard[] }
		// In the order the reply names them.
		return handles.flatMap((h) => body.products.find((p) => p.handle === h) ?? [])
	} catch {
		return []
	}
}
