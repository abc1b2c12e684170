import { Form } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

export type PetFormFields = { name: string; breed: string; neckCm: string; birthday: string }

/** The pet form (add or edit): plain post, errors beside the fields, what was typed kept. */
export function PetForm({
	id,
	values,
	errors,
	busy,
	submitLabel,
}: {
	id: string | null
	values: PetFormFields
	errors?: Record<string, string>
	busy: boolean
	submitLabel: string
}) {
	const prefix = `pet-${id ?? 'novo'}`
	const field = (name: keyof PetFormFields, label: string, props: React.ComponentProps<typeof Input>, hint?: string) => {
		const error = errors?.[name]
		const describedBy = [hint ? `${prefix}-${name}-dica` : null, error ? `${prefix}-${name}-erro` : null].filter(Boolean).join(' ')
		return (
			<div className="space-y-1">
				<Label htmlFor={`${prefix}-${name}`}>{label}</Label>
				<Input
					id={`${prefix}-${name}`}
					name={name}
					defaultValue={values[name]}
					aria-invalid={error ? true : undefined}
					aria-describedby={describedBy || undefined}
					{...props}
				/>
				{hint ? (
					<p id={`${prefix}-${name}-dica`} className="text-xs text-muted-foreground">
						{hint}
					</p>
				) : null}
				{error ? (
					<p id={`${prefix}-${name}-erro`} className="text-sm text-destructive">
						{error}
					</p>
				) : null}
			</div>
		)
	}
	return (
		<Form method="post" className="grid gap-3 sm:grid-cols-2" noValidate aria-label={id ? `Editar ${values.name}` : 'Cadastrar pet'}>
			<input type="hidden" name="intent" value={id ? 'update' : 'add'} />
			{id ? <input type="hidden" name="id" value={id} /> : null}
			{field('name', 'Nome', { autoComplete: 'off', maxLength: 40 })}
			{field('breed', 'Raça', { autoComplete: 'off', maxLength: 60 })}
			{field('neckCm', 'Pescoço (cm)', { inputMode: 'decimal' }, 'Meça com uma fita métrica, sem apertar.')}
			{field('birthday', 'Aniversário', { type: 'date' })}
			<div className="sm:col-span-2">
				<Button type="submit" disabled={busy}>
					{submitLabel}
				</Button>
			</div>
		</Form>
	)
}
