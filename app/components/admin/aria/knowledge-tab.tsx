import { PencilIcon, Trash2Icon } from '~/components/icons/lucide'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import type { AriaAdminActionData } from '~/routes/admin/aria'
import { formatDateTime } from '~/utils/format'

type Entry = { id: string; title: string; content: string; category: string | null; createdAt: Date | string }

/** Tab 'Base de Conhecimento' (document 001 §2): add, edit and remove what Aria answers from. */
export function KnowledgeTab({ knowledge }: { knowledge: Entry[] | { error: string } }) {
	if (!Array.isArray(knowledge))
		return (
			<p role="alert" className="text-sm text-destructive">
				{knowledge.error}
			</p>
		)
	return (
		<div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
			<Card className="h-fit">
				<CardHeader>
					<CardTitle>Adicionar conhecimento</CardTitle>
				</CardHeader>
				<CardContent>
					<KnowledgeForm />
				</CardContent>
			</Card>
			<section aria-labelledby="conhecimentos" className="min-w-0">
				<h2 id="conhecimentos" className="mb-3 text-lg font-semibold">
					{knowledge.length === 1 ? '1 conhecimento' : `${knowledge.length} conhecimentos`}
				</h2>
				{knowledge.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nada ainda: a Aria só conhece o que está aqui.</p>
				) : (
					<ul className="space-y-3">
						{knowledge.map((entry) => (
							<KnowledgeItem key={entry.id} entry={entry} />
						))}
					</ul>
				)}
			</section>
		</div>
	)
}

/** The add form, or an entry's edit form; cleared after a successful add. */
function KnowledgeForm({ entry, onDone }: { entry?: Entry; onDone?: () => void }) {
	const fetcher = useFetcher<AriaAdminActionData>()
	const form = useRef<HTMLFormElement>(null)
	const busy = fetcher.state !== 'idle'
	const prefix = entry ? `k-${entry.id}` : 'k-novo'
	const result = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (!result?.ok) return
		if (entry) onDone?.()
		else form.current?.reset()
	}, [result, entry, onDone])
	return (
		<fetcher.Form method="post" ref={form} className="space-y-3" aria-label={entry ? `Editar ${entry.title}` : 'Adicionar conhecimento'}>
			<input type="hidden" name="intent" value={entry ? 'update-knowledge' : 'add-knowledge'} />
			{entry ? <input type="hidden" name="id" value={entry.id} /> : null}
			<div className="space-y-1">
				<Label htmlFor={`${prefix}-title`}>Título</Label>
				<Input id={`${prefix}-title`} name="title" defaultValue={entry?.title} maxLength={200} required />
			</div>
			<div className="space-y-1">
				<Label htmlFor={`${prefix}-content`}>Conteúdo / instrução</Label>
				<Textarea id={`${prefix}-content`} name="content" defaultValue={entry?.content} rows={5} maxLength={5000} required />
			</div>
			<div className="space-y-1">
				<Label htmlFor={`${prefix}-category`}>Categoria (opcional)</Label>
				<Input
					id={`${prefix}-category`}
					name="category"
					defaultValue={entry?.category ?? ''}
					maxLength={60}
					placeholder="ex.: frete, tamanhos"
				/>
			</div>
			{result && !result.ok ? (
				<p role="alert" className="text-sm text-destructive">
					{result.message}
				</p>
			) : null}
			<div className="flex gap-2">
				<Button type="submit" disabled={busy}>
					{entry ? 'Salvar' : 'Adicionar'}
				</Button>
				{entry ? (
					<Button type="button" variant="outline" onClick={onDone}>
						Cancelar
					</Button>
				) : null}
			</div>
		</fetcher.Form>
	)
}

function KnowledgeItem({ entry }: { entry: Entry }) {
	const remover = useFetcher<AriaAdminActionData>()
	const [editing, setEditing] = useState(false)
	if (remover.formData) return null
	return (
		<li className="rounded-lg border p-3" data-testid="conhecimento">
			{editing ? (
				<KnowledgeForm entry={entry} onDone={() => setEditing(false)} />
			) : (
				<>
					<div className="flex flex-wrap items-start justify-between gap-2">
						<div className="min-w-0">
							<h3 className="font-semibold break-words">{entry.title}</h3>
							<p className="text-xs text-muted-foreground">
								{entry.category ? (
									<Badge variant="secondary" className="mr-2">
										{entry.category}
									</Badge>
								) : null}
								{formatDateTime(entry.createdAt)}
							</p>
						</div>
						<div className="flex gap-1">
							<Button type="button" size="icon-sm" variant="ghost" aria-label={`Editar ${entry.title}`} onClick={() => setEditing(true)}>
								<PencilIcon aria-hidden="true" />
							</Button>
							<Button
								type="button"
								size="icon-sm"
								variant="ghost"
								aria-label={`Remover ${entry.title}`}
								onClick={() => {
									if (window.confirm(`Remover "${entry.title}"?`))
										void remover.submit({ intent: 'delete-knowledge', id: entry.id }, { method: 'post' })
								}}
							>
								<Trash2Icon aria-hidden="true" />
							</Button>
						</div>
					</div>
					<p className="mt-2 text-sm whitespace-pre-line break-words">{entry.content}</p>
				</>
			)}
		</li>
	)
}
