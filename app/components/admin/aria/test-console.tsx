import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import type { AriaAdminActionData } from '~/routes/admin/aria'
import { ARIA_MESSAGE_MAX_LENGTH, readableReply } from '~/utils/aria-reply'

/** Tab 'Testar' (issue 12): a question answered by the shop's engine with what Aria knows now; nothing is stored. */
export function TestConsole() {
	const fetcher = useFetcher<AriaAdminActionData>()
	const result = fetcher.data
	const answer = result?.ok ? result.answer : undefined
	return (
		<section aria-labelledby="testar" className="max-w-2xl space-y-4">
			<h2 id="testar" className="text-lg font-semibold">
				Teste uma pergunta
			</h2>
			<fetcher.Form method="post" className="space-y-2">
				<input type="hidden" name="intent" value="test-question" />
				<Label htmlFor="pergunta-teste">Pergunta do cliente</Label>
				<Textarea
					id="pergunta-teste"
					name="question"
					rows={2}
					maxLength={ARIA_MESSAGE_MAX_LENGTH}
					required
					placeholder="ex.: qual tamanho de bandana para um shih tzu?"
				/>
				<Button type="submit" disabled={fetcher.state !== 'idle'}>
					{fetcher.state !== 'idle' ? 'Perguntando…' : 'Perguntar'}
				</Button>
			</fetcher.Form>
			{result && !result.ok ? (
				<p role="alert" className="text-sm text-destructive">
					{result.message}
				</p>
			) : null}
			{answer ? (
				<div className="space-y-2 rounded-lg border p-4" aria-live="polite" data-testid="resposta-teste">
					<div className="flex flex-wrap gap-2">
						<Badge variant={answer.answered ? 'default' : 'destructive'}>{answer.answered ? 'Respondida' : 'Não soube responder'}</Badge>
						<Badge variant="secondary">{answer.engine === 'modelo' ? 'Modelo configurado' : 'Assistente embutida'}</Badge>
					</div>
					<p className="text-sm whitespace-pre-line">{readableReply(answer.text)}</p>
					{answer.handles.length > 0 ? (
						<p className="text-xs text-muted-foreground">
							Produtos sugeridos: <span className="font-mono">{answer.handles.join(', ')}</span>
						</p>
					) : null}
				</div>
			) : null}
		</section>
	)
}
