import { MessageCircleIcon, XIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button } from '~/components/ui/button'
import { whatsappUrl } from './navigation'
import { useShopUi } from './shop-ui'

/**
 * The floating 'Aria Assistente' button, bottom right (document 000 §2 'Home page').
 * The assistant itself is a later issue; until then its panel points to WhatsApp.
 * Open state is shared (useShopUi) so other buttons, like the hero's, can open it.
 */
export function ChatLauncher({ whatsappNumber }: { whatsappNumber: string }) {
	const { chatOpen, setChatOpen } = useShopUi()
	const panelRef = useRef<HTMLDivElement>(null)

	useEffect(() => {
		if (!chatOpen) return
		panelRef.current?.focus()
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key === 'Escape') setChatOpen(false)
		}
		document.addEventListener('keydown', onKeyDown)
		return () => document.removeEventListener('keydown', onKeyDown)
	}, [chatOpen, setChatOpen])

	return (
		<div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3">
			{chatOpen ? (
				<div
					ref={panelRef}
					id="aria-painel"
					role="dialog"
					aria-labelledby="aria-painel-titulo"
					tabIndex={-1}
					className="w-72 rounded-xl border bg-popover p-4 text-popover-foreground shadow-xl outline-none animate-in fade-in-0 slide-in-from-bottom-2"
				>
					<div className="mb-2 flex items-center justify-between gap-2">
						<h2 id="aria-painel-titulo" className="font-bold">
							Aria Assistente
						</h2>
						<Button variant="ghost" size="icon-sm" aria-label="Fechar" onClick={() => setChatOpen(false)}>
							<XIcon aria-hidden="true" />
						</Button>
					</div>
					<p className="text-sm">A Aria chega em breve! Enquanto isso, fale com a gente pelo WhatsApp.</p>
					<Button asChild className="mt-3 w-full">
						<a href={whatsappUrl(whatsappNumber)} target="_blank" rel="noreferrer noopener">
							Falar no WhatsApp
						</a>
					</Button>
				</div>
			) : null}
			<Button
				size="lg"
				className="h-12 rounded-full px-5 shadow-lg"
				aria-expanded={chatOpen}
				aria-controls={chatOpen ? 'aria-painel' : undefined}
				onClick={() => setChatOpen(!chatOpen)}
			>
				<MessageCircleIcon className="size-5" aria-hidden="true" />
				<span className="sr-only sm:not-sr-only">Aria Assistente</span>
			</Button>
		</div>
	)
}
