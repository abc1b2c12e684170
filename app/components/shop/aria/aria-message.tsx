import { Fragment } from 'react'
import { Link } from 'react-router'
import { type ReplySegment, replyBlocks, stripProductTags } from '~/utils/aria-reply'
import { cn } from '~/utils/cn'
import { AriaProductCard } from './aria-product-card'
import type { ChatMessage } from './use-aria-chat'

/** Bare web addresses and the shop's own paths a model may still write become links too. */
const BARE_LINK = /(https:\/\/[^\s]+[^\s.,;:!?)]|(?<=^|\s|\()\/[a-z][a-z0-9/-]*[a-z0-9])/g

function Bare({ text }: { text: string }) {
	const parts = text.split(BARE_LINK)
	return parts.map((part, index) => {
		if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>
		return <LinkTo key={index} href={part} label={part.startsWith('/') ? part : part.replace(/^https:\/\//, '')} />
	})
}

function LinkTo({ href, label }: { href: string; label: string }) {
	return href.startsWith('/') ? (
		<Link to={href} className="font-medium underline underline-offset-2">
			{label}
		</Link>
	) : (
		<a href={href} target="_blank" rel="noopener noreferrer" className="font-medium break-words underline underline-offset-2">
			{label}
		</a>
	)
}

function Segments({ segments }: { segments: ReplySegment[] }) {
	return segments.map((segment, index) =>
		segment.kind === 'link' ? (
			<LinkTo key={index} href={segment.href} label={segment.label} />
		) : (
			<Bare key={index} text={segment.text} />
		),
	)
}

/** A reply's parts (issue 31): paragraphs, lists as lists, links with words. */
function ReplyBody({ text }: { text: string }) {
	return (
		<div className="flex flex-col gap-2">
			{replyBlocks(text).map((block, index) =>
				block.kind === 'list' ? (
					<ul key={index} className="list-disc space-y-0.5 pl-4">
						{block.items.map((item, i) => (
							<li key={i}>
								<Segments segments={item} />
							</li>
						))}
					</ul>
				) : (
					<p key={index} className="whitespace-pre-line">
						<Segments segments={block.segments} />
					</p>
				),
			)}
		</div>
	)
}

/** 'eu indico bandana tamanho GG' → 'GG': the card preselects that size. */
function suggestedSizeOf(text: string): string | null {
	return /tamanho (PP|P|M|U|GG|G|XG)\b/.exec(text)?.[1] ?? null
}

export function AriaMessage({ message }: { message: ChatMessage }) {
	const mine = message.role === 'user'
	const text = mine ? message.content : stripProductTags(message.content, { streaming: message.streaming })
	return (
		<li className={cn('flex flex-col gap-2', mine ? 'items-end' : 'items-start')} aria-busy={message.streaming ? true : undefined}>
			<p className="sr-only">{mine ? 'Você:' : 'Aria:'}</p>
			<div
				className={cn(
					'max-w-[85%] rounded-2xl px-3 py-2 text-sm',
					mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
					message.notice && 'border border-destructive/40',
				)}
			>
				{mine ? <p className="whitespace-pre-line">{text}</p> : <ReplyBody text={text} />}
			</div>
			{message.products.length > 0 ? (
				<ul className="flex w-full flex-col gap-2" aria-label="Produtos sugeridos">
					{message.products.map((product) => (
						<li key={product.handle}>
							<AriaProductCard product={product} suggestedSize={suggestedSizeOf(message.content)} />
						</li>
					))}
				</ul>
			) : null}
		</li>
	)
}
