import { Badge } from '~/components/ui/badge'
import { readableReply } from '~/utils/aria-reply'
import { formatDateTime } from '~/utils/format'

type Conversation = {
	id: string
	updatedAt: Date | string
	messages: { role: 'user' | 'assistant'; content: string; unanswered: boolean; createdAt: Date | string }[]
}

/**
 * Tab 'Conversas' (issue 12): what shoppers asked that Aria could not answer (so the owner knows
 * what to teach her), and the latest conversations. Conversations carry no name or account.
 */
export function ConversationsTab({
	conversations,
	unanswered,
}: {
	conversations: Conversation[]
	unanswered: { id: string; content: string; createdAt: Date | string }[]
}) {
	return (
		<div className="space-y-8">
			<section aria-labelledby="sem-resposta" className="space-y-3">
				<h2 id="sem-resposta" className="text-lg font-semibold">
					Perguntas sem resposta
				</h2>
				{unanswered.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhuma: a Aria respondeu tudo o que perguntaram.</p>
				) : (
					<>
						<p className="text-sm text-muted-foreground">Ensine a Aria na Base de Conhecimento para que ela responda da próxima vez.</p>
						<ul className="divide-y rounded-lg border" data-testid="perguntas-sem-resposta">
							{unanswered.map((question) => (
								<li key={question.id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
									<span className="break-words">{question.content}</span>
									<span className="text-xs text-muted-foreground">{formatDateTime(question.createdAt)}</span>
								</li>
							))}
						</ul>
					</>
				)}
			</section>
			<section aria-labelledby="conversas-recentes" className="space-y-3">
				<h2 id="conversas-recentes" className="text-lg font-semibold">
					Conversas recentes
				</h2>
				{conversations.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhuma conversa ainda.</p>
				) : (
					<ul className="space-y-2">
						{conversations.map((conversation) => {
							const first = conversation.messages.find((m) => m.role === 'user')
							return (
								<li key={conversation.id}>
									<details className="rounded-lg border">
										<summary className="flex cursor-pointer flex-wrap justify-between gap-2 px-3 py-2 text-sm">
											<span className="font-medium break-words">{first?.content ?? 'Conversa'}</span>
											<span className="text-xs text-muted-foreground">
												{`${conversation.messages.length} mensagens · ${formatDateTime(conversation.updatedAt)}`}
											</span>
										</summary>
										<ol className="space-y-2 border-t px-3 py-2 text-sm">
											{conversation.messages.map((message, index) => (
												<li key={index} className="break-words whitespace-pre-line">
													<span className="font-semibold">{message.role === 'user' ? 'Cliente: ' : 'Aria: '}</span>
													{message.role === 'user' ? message.content : readableReply(message.content)}
													{message.unanswered ? (
														<Badge variant="destructive" className="ml-2">
															sem resposta
														</Badge>
													) : null}
												</li>
											))}
										</ol>
									</details>
								</li>
							)
						})}
					</ul>
				)}
			</section>
		</div>
	)
}
