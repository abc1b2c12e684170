import { MessageCircleIcon, PawPrintIcon, SendIcon, Trash2Icon, XIcon } from '~/components/icons/lucide'
import { Dialog } from 'radix-ui'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { ARIA_COPY, ARIA_MESSAGE_MAX_LENGTH } from '~/utils/aria-reply'
import { AriaMessage } from './aria/aria-message'
import { useAriaChat } from './aria/use-aria-chat'
import { whatsappUrl } from './navigation'

export type ChatPanelProps = {
	id: string
	open: boolean
	onOpenChange: (open: boolean) => void
	whatsappNumber: string
	/** The floating button: focus returns to it, and a click on it toggles instead of closing twice. */
	launcherRef: RefObject<HTMLButtonElement | null>
}

/**
 * The Aria chat (document 000 §2 'Chat assistant', issue 12), loaded by ChatLauncher on first
 * use. A non-modal Radix dialog: pinned above the floating button from 640 px, a full-screen
 * sheet on phones; focus goes to the message box on open and back to the button on close.
 * The conversation is the server's (per browser session), so it is there again after a reload.
 * New messages are announced by the log's live region; a reply is marked busy while it streams.
 */
export default function ChatPanel({ id, open, onOpenChange, whatsappNumber, launcherRef }: ChatPanelProps) {
	const chat = useAriaChat()
	const [draft, setDraft] = useState('')
	const inputRef = useRef<HTMLTextAreaElement>(null)
	const endRef = useRef<HTMLDivElement>(null)
	const { load } = chat

	useEffect(() => {
		if (open) void load()
	}, [open, load])

	// Follow the conversation as it grows (a streamed reply grows word by word).
	const lastLength = chat.messages.at(-1)?.content.length ?? 0
	useEffect(() => {
		endRef.current?.scrollIntoView({ block: 'end' })
	}, [chat.messages.length, lastLength, chat.pending])

	async function submit() {
		const text = draft
		if (!text.trim() || chat.pending) return
		setDraft('')
		const ok = await chat.send(text)
		// A failed send gives the words back, so nothing typed is lost.
		if (!ok) setDraft(text)
		requestAnimationFrame(() => inputRef.current?.focus())
	}

	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
			<Dialog.Portal>
				<Dialog.Content
					id={id}
					onOpenAutoFocus={(event) => {
						event.preventDefault()
						inputRef.current?.focus()
					}}
					onCloseAutoFocus={(event) => {
						event.preventDefault()
						launcherRef.current?.focus()
					}}
					// A click elsewhere (the cart drawer a card opened, a toast, the page) does not close the
					// chat: the close icon, Escape and the floating button do.
					onInteractOutside={(event) => event.preventDefault()}
					className="fixed inset-0 z-50 flex flex-col bg-popover text-popover-foreground outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0 sm:inset-auto sm:right-4 sm:bottom-4 sm:h-[min(36rem,calc(100dvh-2rem))] sm:w-96 sm:rounded-xl sm:border sm:shadow-xl sm:data-[state=open]:slide-in-from-bottom-2"
				>
					<div className="flex items-center justify-between gap-2 border-b px-4 py-3">
						<Dialog.Title className="inline-flex items-center gap-2 text-base font-bold">
							<PawPrintIcon className="size-4 text-primary" aria-hidden="true" />
							Aria Assistente
						</Dialog.Title>
						<div className="flex items-center gap-1">
							<Button
								variant="ghost"
								size="icon-sm"
								aria-label="Limpar conversa"
								title="Limpar conversa"
								disabled={chat.pending || chat.messages.length === 0}
								onClick={() => void chat.clear()}
							>
								<Trash2Icon aria-hidden="true" />
							</Button>
							<Dialog.Close asChild>
								<Button variant="ghost" size="icon-sm" aria-label="Fechar">
									<XIcon aria-hidden="true" />
								</Button>
							</Dialog.Close>
						</div>
					</div>
					<Dialog.Description className="sr-only">
						Converse com a Aria, a assistente da loja: ela indica tamanhos e produtos e tira dúvidas sobre entrega e pagamento.
					</Dialog.Description>

					<div className="flex-1 overflow-y-auto px-4 py-3">
						<div role="log" aria-live="polite" aria-label="Conversa com a Aria">
							<ol className="flex flex-col gap-3">
								<AriaMessage message={{ id: 'saudacao', role: 'assistant', content: ARIA_COPY.greeting, products: [] }} />
								{chat.messages.map((message) => (
									<AriaMessage key={message.id} message={message} />
								))}
							</ol>
						</div>
						{chat.pending && !chat.messages.at(-1)?.streaming ? (
							<p role="status" className="mt-3 inline-flex items-center gap-1 text-sm text-muted-foreground">
								<span className="sr-only">Aria está digitando…</span>
								<span aria-hidden="true" className="flex gap-1">
									<span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.3s]" />
									<span className="size-1.5 animate-bounce rounded-full bg-muted-foreground [animation-delay:-0.15s]" />
									<span className="size-1.5 animate-bounce rounded-full bg-muted-foreground" />
								</span>
							</p>
						) : null}
						<div ref={endRef} />
					</div>

					<form
						className="flex items-end gap-2 border-t px-3 py-3"
						onSubmit={(event) => {
							event.preventDefault()
							void submit()
						}}
					>
						<textarea
							ref={inputRef}
							value={draft}
							onChange={(event) => setDraft(event.target.value)}
							onKeyDown={(event) => {
								// document 000 §6: Enter sends; Shift+Enter is a new line.
								if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
									event.preventDefault()
									void submit()
								}
							}}
							placeholder={ARIA_COPY.placeholder}
							aria-label="Mensagem para a Aria"
							maxLength={ARIA_MESSAGE_MAX_LENGTH}
							rows={1}
							disabled={chat.pending}
							className="max-h-32 min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60 sm:text-sm"
						/>
						<Button type="submit" size="icon" aria-label="Enviar mensagem" disabled={chat.pending || !draft.trim()}>
							<SendIcon aria-hidden="true" />
						</Button>
					</form>
					<p className="px-4 pb-3 text-xs text-muted-foreground">
						Prefere falar com a gente?{' '}
						<a
							href={`${whatsappUrl(whatsappNumber)}?text=${encodeURIComponent('Olá! Gostaria de ajuda para escolher um produto.')}`}
							target="_blank"
							rel="noreferrer noopener"
							className="inline-flex items-center gap-1 font-medium underline underline-offset-2"
						>
							<MessageCircleIcon className="size-3" aria-hidden="true" />
							WhatsApp
						</a>
					</p>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}
