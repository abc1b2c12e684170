import { MessageCircleIcon, PawPrintIcon, XIcon } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { Button } from '~/components/ui/button'
import { whatsappUrl } from './navigation'
import { useShopUi } from './shop-ui'

/** Prefilled WhatsApp message while the assistant is not there yet. */
const WHATSAPP_MESSAGE = 'Olá! Gostaria de ajuda para escolher um produto.'

/**
 * The floating 'Aria Assistente' button, bottom right (document 000 §2 'Home page').
 * The assistant itself is a later issue; until then its panel says so and offers WhatsApp.
 * Open state is shared (useShopUi) so other buttons, like the hero's 'Compre com a Aria',
 * open the same panel. A non-modal Radix dialog pinned above the button (no floating
 * positioning library in every page's bundle for a panel that never moves): focus moves into
 * it on open and back to the button on close, Escape and a click outside close it, and the
 * button carries aria-expanded.
 */
export function ChatLauncher({ whatsappNumber }: { whatsappNumber: string }) {
	const { chatOpen, setChatOpen } = useShopUi()
	return (
		<Dialog.Root open={chatOpen} onOpenChange={setChatOpen} modal={false}>
			<Dialog.Trigger asChild>
				<Button size="lg" className="fixed right-4 bottom-4 z-40 h-12 rounded-full px-5 shadow-lg">
					<MessageCircleIcon className="size-5" aria-hidden="true" />
					{/* Icon-only on phones; the name stays for screen readers. */}
					<span className="sr-only sm:not-sr-only">Aria Assistente</span>
				</Button>
			</Dialog.Trigger>
			<Dialog.Portal>
				<Dialog.Content className="fixed right-4 bottom-20 z-50 w-72 max-w-[calc(100vw-2rem)] rounded-xl border bg-popover p-4 text-popover-foreground shadow-xl outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:slide-in-from-bottom-2"
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
