import { Loader2Icon, ShoppingCartIcon } from '~/components/icons/lucide'
import { type RefObject, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'
import { cn } from '~/utils/cn'
import { formatMoney } from '~/utils/format'

type StickyBuyBarProps = {
	/** The page's own buttons: the bar shows once they have scrolled out of sight above. */
	anchor: RefObject<HTMLElement | null>
	title: string
	priceCents: number
	disabled: boolean
	busy: boolean
	onAdd: () => void
}

/** Taller than any product page: anything below the screen counts as 'not yet reached'. */
const BELOW_SCREEN_PX = 100_000

/**
 * On a phone, once the buy buttons scroll away, a bar at the bottom keeps the price and
 * 'Adicionar ao Carrinho' in reach (issue 13), as the big Brazilian shops do. Hidden from md up
 * (the purchase column is beside the gallery there) and while the buttons are on screen or still
 * below. While it shows, <html data-buy-bar> lifts the floating assistant button above it.
 */
export function StickyBuyBar({ anchor, title, priceCents, disabled, busy, onAdd }: StickyBuyBarProps) {
	const [shown, setShown] = useState(false)
	useEffect(() => {
		const element = anchor.current
		if (!element || typeof IntersectionObserver === 'undefined') return
		// The screen's area stretched far downwards: the buttons 'intersect' it while they are on screen
		// or anywhere below it, and stop only once they are ABOVE the screen (the bar is for after the
		// shopper reached them). With the plain screen, a jump from below the screen to above it (or back:
		// a tap on the phone's status bar scrolls to the top at once) crossed no edge and was never
		// reported, and the bar stayed as it was.
		const observer = new IntersectionObserver(
			([entry]) => setShown(entry !== undefined && !entry.isIntersecting && entry.boundingClientRect.bottom < 0),
			{ rootMargin: `0px 0px ${BELOW_SCREEN_PX}px 0px` },
		)
		observer.observe(element)
		return () => observer.disconnect()
	}, [anchor])
	useEffect(() => {
		if (shown) document.documentElement.dataset.buyBar = 'on'
		else delete document.documentElement.dataset.buyBar
		return () => {
			delete document.documentElement.dataset.buyBar
		}
	}, [shown])

	return (
		<div
			data-testid="barra-compra"
			aria-hidden={!shown}
			inert={!shown}
			className={cn(
				'fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur transition-transform motion-reduce:transition-none md:hidden',
				shown ? 'translate-y-0' : 'translate-y-full',
			)}
		>
			<div className="flex items-center gap-3">
				<div className="min-w-0 flex-1">
					<p className="truncate text-sm">{title}</p>
					<p className="font-bold text-primary">{formatMoney(priceCents)}</p>
				</div>
				<Button disabled={disabled || busy} onClick={onAdd} className="shrink-0">
					{busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <ShoppingCartIcon aria-hidden="true" />}
					Adicionar ao Carrinho
				</Button>
			</div>
		</div>
	)
}
