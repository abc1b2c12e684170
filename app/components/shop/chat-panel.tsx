import { MessageCircleIcon, PawPrintIcon, XIcon } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { RefObject } from 'react'
import { Button } from '~/components/ui/button'
import { whatsappUrl } from './navigation'

/** Prefilled WhatsApp message while the assistant is not there yet. */
const WHATSAPP_MESSAGE = 'Olá! Gostaria de ajuda para escolher um produto.'

export type ChatPanelProps = {
	id: string
	open: boolean
	onOpenChange: (open: boolean) => void
	whatsappNumber: string
	/** The floating button: focus returns to it, and a click on it toggles instead of closing twice. */
	launcherRef: RefObject<HTMLButtonElement | null>
}

/**
 * The assistant's panel, pinned above the floating button (loaded by ChatLauncher on first
 * use). A non-modal Radix dialog: focus moves into it on open and back to the button on
 * close; Escape and a click outside close it. The assistant itself is a later issue; until
 * then the panel says so and offers WhatsApp.
 */
export default function ChatPanel({ id, open, onOpenChange, whatsappNumber, launcherRef }: ChatPanelProps) {
	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange} modal={false}>
			<Dialog.Portal>
				<Dialog.Content
					id={id}
					onCloseAutoFocus={(event) => {
						event.preventDefault()
						launcherRef.current?.focus()
					}}
					onInteractOutside={(event) => {
						if (launcherRef.current?.contains(event.target as Node)) event.preventDefault()
					}}
					className="fixed right-4 bottom-20 z-50 w-72 max-w-[calc(100vw-2rem)] rounded-xl border bg-popover p-4 text-popover-foreground shadow-xl outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:slide-in-from-bottom-2"
				>
					<div className="mb-2 flex items-center justify-between gap-2">
						<Dialog.Title className="inline-flex items-center gap-2 text-base font-bold">
							<PawPrintIcon className="size-4 text-primary" aria-hidden="true" />
							Aria Assistente
						</Dialog.Title>
						<Dialog.Close asChild>
							<Button variant="ghost" size="icon-sm" aria-label="Fechar">
								<XIcon aria-hidden="true" />
							</Button>
						</Dialog.Close>
					</div>
					<Dialog.Description className="text-sm">
						A Aria, nossa assistente virtual, chega em breve! Enquanto isso, fale com a gente pelo WhatsApp.
					</Dialog.Description>
					<Button asChild className="mt-3 w-full">
						<a
							href={`${whatsappUrl(whatsappNumber)}?text=${encodeURIComponent(WHATSAPP_MESSAGE)}`}
							target="_blank"
							rel="noreferrer noopener"
						>
							<MessageCircleIcon aria-hidden="true" />
							Falar no WhatsApp
						</a>
					</Button>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}
