import { PauseIcon, PawPrintIcon, PlayIcon } from '~/components/icons/lucide'
import { useState } from 'react'
import { formatBusinessDays } from '~/commerce/rules/delivery-date'
import { cn } from '~/utils/cn'
import { whatsappUrl } from './navigation'

type Announcement = { text: string; href?: string }
type BarSettings = { whatsappNumber: string; instagramUrl: string | null; productionDays: number }

function announcements(settings: BarSettings): Announcement[] {
	const lines: Announcement[] = [
		// Decision 085: the store's production days, the same the promised dates add (no date here:
		// the bar is in every cached page, and a date needs the CEP's transit).
		{ text: `Produção em ${formatBusinessDays(settings.productionDays)}` },
		{ text: 'Pague com PIX ou em até 6x sem juros no cartão' },
	]
	if (settings.instagramUrl) lines.push({ text: 'Siga a gente no Instagram', href: settings.instagramUrl })
	lines.push({ text: 'Fale com a gente pelo WhatsApp', href: whatsappUrl(settings.whatsappNumber) })
	return lines
}

function AnnouncementList({ items, copy }: { items: Announcement[]; copy: boolean }) {
	return (
		// The second copy only makes the loop seamless: hidden from assistive tech and the tab order.
		<ul className="flex shrink-0 items-center" aria-hidden={copy || undefined}>
			{items.map((item) => (
				<li key={item.text} className="flex items-center gap-6 px-6">
					<PawPrintIcon className="size-3.5 shrink-0 opacity-80" aria-hidden="true" />
					{item.href ? (
						<a
							href={item.href}
							target="_blank"
							rel="noreferrer noopener"
							tabIndex={copy ? -1 : undefined}
							className="underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-banner-foreground"
						>
							{item.text}
						</a>
					) : (
						<span>{item.text}</span>
					)}
				</li>
			))}
		</ul>
	)
}

/**
 * The scrolling banner above the header (document 000 §1). It pauses while hovered or while a
 * link in it has focus, and has a pause button (moving content must be stoppable, WCAG 2.2.2);
 * with reduced motion it does not move at all.
 */
export function AnnouncementBar({ settings }: { settings: BarSettings }) {
	const [paused, setPaused] = useState(false)
	const items = announcements(settings)
	return (
		<div className="flex h-9 items-center bg-banner text-sm font-medium text-banner-foreground">
			<div className="relative flex min-w-0 flex-1 overflow-hidden">
				<div
					className={cn(
						'flex w-max animate-marquee hover:[animation-play-state:paused] focus-within:[animation-play-state:paused]',
						paused && '[animation-play-state:paused]',
					)}
				>
					<AnnouncementList items={items} copy={false} />
					<AnnouncementList items={items} copy />
				</div>
			</div>
			<button
				type="button"
				onClick={() => setPaused((value) => !value)}
				aria-pressed={paused}
				aria-label="Pausar avisos"
				className="mx-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-banner-foreground motion-reduce:hidden"
			>
				{paused ? <PlayIcon className="size-3.5" aria-hidden="true" /> : <PauseIcon className="size-3.5" aria-hidden="true" />}
			</button>
		</div>
	)
}
