import { Trash2Icon } from '~/components/icons/lucide'
import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import type { AriaAdminActionData } from '~/routes/admin/aria'

type Breed = { id: string; name: string; aliases: string[]; neckMm: number }

const neckCm = (mm: number) => (mm / 10).toLocaleString('pt-BR', { maximumFractionDigits: 1 })

/**
 * Tab 'Raças e tamanhos' (issue 12): the typical neck of each breed or size class, which Aria
 * turns into a bandana or collar size with the size guides when a shopper names one.
 */
export function BreedsTab({ breeds }: { breeds: Breed[] }) {
	return (
		<section aria-labelledby="racas" className="space-y-4">
			<div>
				<h2 id="racas" className="text-lg font-semibold">
					Pescoço típico por raça ou porte
				</h2>
				<p className="text-sm text-muted-foreground">
					Quando o cliente diz a raça ou o porte (“meu golden”, “cachorro médio”), a Aria usa esta medida para indicar o tamanho. Outros
					nomes: separados por vírgula.
				</p>
			</div>
			<ul className="space-y-2">
				<li>
					<BreedForm />
				</li>
				{breeds.map((breed) => (
					<li key={breed.id}>
						<BreedForm breed={breed} />
					</li>
				))}
			</ul>
		</section>
	)
}

function BreedForm({ breed }: { breed?: Breed }) {
	const saver = useFetcher<AriaAdminActionData>()
	const remover = useFetcher<AriaAdminActionData>()
	const form = useRef<HTMLFormElement>(null)
	const prefix = breed ? `raca-${breed.id}` : 'raca-nova'
	const result = saver.state === 'idle' ? saver.data : undefined
	useEffect(() => {
		if (!breed && result?.ok) form.current?.reset()
	}, [breed, result])
	if (remover.formData) return null
	return (
		<saver.Form
			method="post"
			ref={form}
			aria-label={breed ? breed.name : 'Nova raça ou porte'}
			className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_2fr_7rem_auto] sm:items-end"
		>
			<input type="hidden" name="intent" value="save-breed" />
			<input type="hidden" name="id" value={breed?.id ?? ''} />
			<label className="space-y-1 text-sm">
				<span className="font-medium">{breed ? 'Raça ou porte' : 'Nova raça ou porte'}</span>
				<Input name="name" defaultValue={breed?.name} maxLength={60} required id={`${prefix}-nome`} />
			</label>
			<label className="space-y-1 text-sm">
				<span className="font-medium">Outros nomes</span>
				<Input name="aliases" defaultValue={breed?.aliases.join(', ')} maxLength={500} id={`${prefix}-apelidos`} />
			</label>
			<label className="space-y-1 text-sm">
				<span className="font-medium">Pescoço (cm)</span>
				<Input name="neckCm" defaultValue={breed ? neckCm(breed.neckMm) : ''} inputMode="decimal" required id={`${prefix}-pescoco`} />
			</label>
			<div className="flex gap-1">
				<Button type="submit" size="sm" disabled={saver.state !== 'idle'}>
					{breed ? 'Salvar' : 'Adicionar'}
				</Button>
				{breed ? (
					<Button
						type="button"
						size="icon-sm"
						variant="ghost"
						aria-label={`Remover ${breed.name}`}
						onClick={() => {
							if (window.confirm(`Remover ${breed.name}?`))
								void remover.submit({ intent: 'delete-breed', id: breed.id }, { method: 'post' })
						}}
					>
						<Trash2Icon aria-hidden="true" />
					</Button>
				) : null}
			</div>
			{result && !result.ok ? (
				<p role="alert" className="text-sm text-destructive sm:col-span-4">
					{result.message}
				</p>
			) : null}
		</saver.Form>
	)
}
