import { MessageCircleIcon } from '~/components/icons/lucide'
import { lazy, Suspense, useId, useRef } from 'react'
import { Button } from '~/components/ui/button'
import { cn } from '~/utils/cn'
import { useOpenedOnce } from '~/components/ui/lazy-overlay'
import { useShopUi } from './shop-ui'

const loadPanel = () => import('./chat-panel')
const ChatPanel = lazy(loadPanel)

/**
 * The floating 'Aria Assistente' button, bottom right (document 000 §2 'Home page'). Open
 * state is shared (useShopUi) so other buttons, like the hero's 'Compre com a Aria', open the
 * same panel. The panel (chat-panel.tsx) loads when the pointer or focus reaches the button,
 * or when something opens it; the button itself is plain markup, working once hydrated.
 */
export function ChatLauncher({ whatsappNumber }: { whatsappNumber: string }) {
	const { chatOpen, setChatOpen } = useShopUi()
	const opened = useOpenedOnce(chatOpen)
	const launcherRef = useRef<HTMLButtonElement>(null)
	const panelId = useId()
	const prefetch = () => void loadPanel().catch(() => undefined)
	return (
		<>
			<Button
				ref={launcherRef}
				size="lg"
				// Issue 31: on a wide screen the open panel sits where the button is; the button waits under it hidden.
				className={cn(
					'fixed right-4 bottom-4 z-40 h-12 rounded-full px-5 shadow-lg [html[data-buy-bar=on]_&]:bottom-20',
					chatOpen && 'sm:hidden',
				)}
				aria-haspopup="dialog"
				aria-expanded={chatOpen}
				aria-controls={chatOpen ? panelId : undefined}
				onPointerEnter={prefetch}
				onFocus={prefetch}
				onClick={() => setChatOpen(!chatOpen)}
			>
				<MessageCircleIcon className="size-5" aria-hidden="true" />
				{/* Icon-only on phones; the name stays for screen readers. */}
				<span className="sr-only sm:not-sr-only">Aria Assistente</span>
			</Button>
			{opened ? (
				<Suspense fallback={null}>
					<ChatPanel id={panelId} open={chatOpen} onOpenChange={setChatOpen} whatsappNumber={whatsappNumber} launcherRef={launcherRef} />
				</Suspense>
			) : null}
		</>
	)
}
