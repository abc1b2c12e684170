import { Fragment } from 'react'
import { Link } from 'react-router'
import { stripProductTags } from '~/utils/aria-reply'
import { cn } from '~/utils/cn'
import { AriaProductCard } from './aria-product-card'
import type { ChatMessage } from './use-aria-chat'

/** Web addresses and the shop's own paths ('/personalize', '/user/orders') in a reply become links. */
const LINK = /(https:\/\/[^\s]+[^\s.,;:!?)]|(?<=^|\s|\()\/[a-z][a-z0-9/-]*[a-z0-9])/g

function Linked({ text }: { text: string }) {
	const parts = text.split(LINK)
	return parts.map((part, index) => {
		if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>
		return part.startsWith('/') ? (
			<Link key={index} to={part} className="font-medium underline underline-offset-2">
				{part}
			</Link>
		) : (
			<a key={index} href={part} target="_blank" rel="noopener noreferrer" className="font-medium break-all underline underline-offset-2">
				{part.replace(/^https:\/\//, '')}
			</a>
		)
	})
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
					'max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-line',
					mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
					message.notice && 'border border-destructive/40',
				)}
			>
				{mine ? text : <Linked text={text} />}
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
