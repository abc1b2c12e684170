import { Form } from 'react-router'
import { FieldMessage, NativeSelect } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { RULE_TYPE_LABELS, TIER_LABELS } from '~/utils/loyalty-labels'

export type BadgeFormValues = {
	name: string
	description: string
	icon: string
	badgeTier: string
	ruleType: string
	ruleThreshold: string
	pointsReward: string
	isActive: string
}

/**
 * One badge's rule: name, emoji, tier, what is counted and how many, the points it gives once
 * and whether it is active. `id` null is the 'Nova conquista' form. Plain form: no JavaScript
 * needed; errors come back beside their fields with what was typed.
 */
export function BadgeForm({
	id,
	values,
	errors,
	busy,
	earnedCount = 0,
}: {
	id: string | null
	values: BadgeFormValues
	errors?: Record<string, string>
	busy: boolean
	earnedCount?: number
}) {
	const prefix = `badge-${id ?? 'new'}`
	const field = (name: keyof BadgeFormValues, label: string, input: React.ReactNode) => (
		<div className="space-y-1">
			<Label htmlFor={`${prefix}-${name}`}>{label}</Label>
			{input}
			<FieldMessage id={`${prefix}-${name}-error`} message={errors?.[name]} />
		</div>
	)
	const common = (name: keyof BadgeFormValues) => ({
		id: `${prefix}-${name}`,
		name,
		'aria-invalid': errors?.[name] ? true : undefined,
		'aria-describedby': `${prefix}-${name}-error`,
	})
	return (
		<Form method="post" className="space-y-2" noValidate aria-label={id ? `Editar conquista ${values.name}` : 'Nova conquista'}>
			{id ? <input type="hidden" name="id" value={id} /> : null}
			<div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
				{field('name', 'Nome', <Input {...common('name')} defaultValue={values.name} />)}
				{field('icon', 'Ícone (emoji)', <Input {...common('icon')} defaultValue={values.icon} />)}
				{field(
					'badgeTier',
					'Categoria',
					<NativeSelect {...common('badgeTier')} defaultValue={values.badgeTier}>
						{Object.entries(TIER_LABELS).map(([tier, label]) => (
							<option key={tier} value={tier}>
								{label}
							</option>
						))}
					</NativeSelect>,
				)}
				{field(
					'pointsReward',
					'Pontos de prêmio',
					<Input {...common('pointsReward')} inputMode="numeric" defaultValue={values.pointsReward} />,
				)}
				{field(
					'ruleType',
					'Regra',
					<NativeSelect {...common('ruleType')} defaultValue={values.ruleType}>
						{Object.entries(RULE_TYPE_LABELS).map(([type, label]) => (
							<option key={type} value={type}>
								{label}
							</option>
						))}
					</NativeSelect>,
				)}
				{field(
					'ruleThreshold',
					'Meta (a partir de)',
					<Input {...common('ruleThreshold')} inputMode="numeric" defaultValue={values.ruleThreshold} />,
				)}
				<div className="sm:col-span-2">
					{field('description', 'Descrição', <Input {...common('description')} defaultValue={values.description} />)}
				</div>
			</div>
			<div className="flex flex-wrap items-center gap-3">
				<label className="flex items-center gap-2 text-sm">
					<input type="checkbox" name="isActive" defaultChecked={values.isActive === 'on'} className="size-4" />
					Ativa
				</label>
				<Button type="submit" name="intent" value={id ? 'save-badge' : 'create-badge'} disabled={busy}>
					{id ? 'Salvar' : 'Criar conquista'}
				</Button>
				{id ? (
					<Button
						type="submit"
						name="intent"
						value="delete-badge"
						variant="outline"
						disabled={busy || earnedCount > 0}
						title={earnedCount > 0 ? 'Já ganha por clientes: desative em vez de excluir' : undefined}
					>
						Excluir
					</Button>
				) : null}
			</div>
		</Form>
	)
}
