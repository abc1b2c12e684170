import { CheckIcon, CopyIcon, Share2Icon } from '~/components/icons/lucide'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Input } from '~/components/ui/input'

/**
 * 'Indique um amigo' on the dashboard (issue 10): the customer's share link, a copy button
 * and a WhatsApp share (wa.me with the text, the way Brazilian shoppers pass links on).
 */
export function ReferralCard({ url, points, friendsPaid }: { url: string; points: number; friendsPaid: number }) {
	const [copied, setCopied] = useState(false)
	const message = `Conheça a loja de acessórios para pets que eu uso! Crie sua conta pelo meu link: ${url}`
	return (
		<Card>
			<CardContent className="space-y-3 pt-6 text-sm">
				<h2 className="flex items-center gap-2 text-base font-semibold">
					<Share2Icon className="size-4 text-primary" aria-hidden="true" />
					Indique um amigo
				</h2>
				<p className="text-muted-foreground">
					{points > 0
						? `Você ganha ${points} pontos quando o primeiro pedido do seu amigo for pago.`
						: 'Compartilhe a loja com seus amigos.'}
					{friendsPaid > 0 ? ` Amigos que já compraram: ${friendsPaid}.` : ''}
				</p>
				<div className="flex gap-2">
					<label htmlFor="referral-link" className="sr-only">
						Seu link de indicação
					</label>
					<Input id="referral-link" readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="min-w-0" />
					<Button
						type="button"
						variant="outline"
						aria-label={copied ? 'Link copiado' : 'Copiar link'}
						title="Copiar link"
						onClick={() => {
							void navigator.clipboard?.writeText(url).then(() => setCopied(true))
						}}
					>
						{copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
					</Button>
				</div>
				<Button asChild className="w-full bg-[#075E54] text-white hover:bg-[#054c44]">
					<a href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
						Compartilhar no WhatsApp
					</a>
				</Button>
			</CardContent>
		</Card>
	)
}
