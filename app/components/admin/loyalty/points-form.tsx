import { Form } from 'react-router'
import { FieldMessage } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/** 'Pontuação': the points each event earns (app/server/loyalty/point-values.ts). */
export function PointsForm({
	fields,
	values,
	errors,
	busy,
}: {
	/** LOYALTY_POINT_FIELDS, from the loader (the schema module stays on the server). */
	fields: readonly { key: string; label: string; hint: string }[]
	values: Record<string, string>
	errors?: Record<string, string>
	busy: boolean
}) {
	return (
		<Card>
			<CardHeader>
				<CardTitle>
					<h2 id="pontuacao">Pontuação</h2>
				</CardTitle>
				<p className="text-sm text-muted-foreground">Quantos pontos cada ação vale. Vale para o que acontecer a partir de agora.</p>
			</CardHeader>
			<CardContent>
				<Form method="post" aria-labelledby="pontuacao" className="space-y-4" noValidate>
					<input type="hidden" name="intent" value="save-points" />
					<div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
						{fields.map(({ key, label, hint }) => (
							<div key={key} className="space-y-1">
								<Label htmlFor={`points-${key}`}>{label}</Label>
								<Input
									id={`points-${key}`}
									name={key}
									inputMode="numeric"
									defaultValue={values[key]}
									aria-invalid={errors?.[key] ? true : undefined}
									aria-describedby={`points-${key}-hint points-${key}-error`}
								/>
								<p id={`points-${key}-hint`} className="text-xs text-muted-foreground">
									{hint}
								</p>
								<FieldMessage id={`points-${key}-error`} message={errors?.[key]} />
							</div>
						))}
					</div>
					<Button type="submit" disabled={busy}>
						{busy ? 'Salvando...' : 'Salvar pontuação'}
					</Button>
				</Form>
			</CardContent>
		</Card>
	)
}
