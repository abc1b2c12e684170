import { PlusIcon, Trash2Icon } from '~/components/icons/lucide'
import { useState } from 'react'
import { Form } from 'react-router'
import { FieldMessage, TableBox, td, th } from '~/components/admin/admin-page'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'

type Row = { key: number; name: string; minPoints: string }

const countLabel = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'cliente' : 'clientes'}`

/**
 * 'Níveis': names and the points where each starts (level 1 at 0, each next strictly higher,
 * checked on the server), how many customers each holds now, and 'Pré-visualizar' that counts
 * them for the thresholds as typed before saving. Without JavaScript a blank extra row adds a
 * level and clearing a row removes it.
 */
export function LevelsForm({
	rows: initialRows,
	counts,
	preview,
	errors,
	maxLevels,
	busy,
}: {
	rows: { name: string; minPoints: string }[]
	counts: number[]
	preview?: number[]
	errors?: Record<string, string>
	maxLevels: number
	busy: boolean
}) {
	const [rows, setRows] = useState<Row[]>(() => initialRows.map((row, key) => ({ key, ...row })))
	const [nextKey, setNextKey] = useState(initialRows.length)
	const shown = preview ?? counts
	return (
		<Card>
			<CardHeader>
				<CardTitle>
					<h2 id="niveis">Níveis</h2>
				</CardTitle>
				<p className="text-sm text-muted-foreground">
					O nível 1 começa em 0 pontos; cada nível seguinte precisa de mais pontos que o anterior. Ao salvar, todos os clientes mudam para o
					nível dos seus pontos.
				</p>
			</CardHeader>
			<CardContent>
				<Form method="post" aria-labelledby="niveis" className="space-y-3" noValidate>
					<TableBox label="Níveis">
						<table className="w-full text-sm">
							<thead className="bg-muted/50">
								<tr>
									<th className={th} scope="col">
										Nível
									</th>
									<th className={th} scope="col">
										Nome
									</th>
									<th className={th} scope="col">
										A partir de (pontos)
									</th>
									<th className={th} scope="col">
										{preview ? 'Clientes (prévia)' : 'Clientes'}
									</th>
									<th className={th} scope="col">
										<span className="sr-only">Remover</span>
									</th>
								</tr>
							</thead>
							<tbody className="divide-y">
								{rows.map((row, index) => (
									<tr key={row.key}>
										<td className={td}>{index + 1}</td>
										<td className={td}>
											<Input
												name="levelName"
												defaultValue={row.name}
												aria-label={`Nível ${index + 1}: nome`}
												aria-invalid={errors?.[`level.${index}.name`] ? true : undefined}
												aria-describedby={`level-${index}-error`}
												className="min-w-36"
											/>
										</td>
										<td className={td}>
											<Input
												name="levelMinPoints"
												inputMode="numeric"
												defaultValue={row.minPoints}
												aria-label={`Nível ${index + 1}: pontos mínimos`}
												aria-invalid={errors?.[`level.${index}.minPoints`] ? true : undefined}
												aria-describedby={`level-${index}-error`}
												className="w-32"
											/>
											<FieldMessage
												id={`level-${index}-error`}
												message={errors?.[`level.${index}.minPoints`] ?? errors?.[`level.${index}.name`]}
											/>
										</td>
										<td className={td} data-testid={`level-count-${index}`}>
											{shown[index] === undefined ? '—' : countLabel(shown[index])}
										</td>
										<td className={td}>
											<Button
												type="button"
												variant="ghost"
												size="icon-sm"
												aria-label={`Remover o nível ${index + 1}`}
												disabled={rows.length === 1}
												onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
											>
												<Trash2Icon aria-hidden="true" />
											</Button>
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableBox>
					{errors?.levels ? (
						<p role="alert" className="text-sm font-medium text-destructive">
							{errors.levels}
						</p>
					) : null}
					<div className="flex flex-wrap gap-2">
						<Button
							type="button"
							variant="outline"
							disabled={rows.length >= maxLevels}
							onClick={() => {
								setRows((current) => [...current, { key: nextKey, name: '', minPoints: '' }])
								setNextKey((k) => k + 1)
							}}
						>
							<PlusIcon aria-hidden="true" />
							Adicionar nível
						</Button>
						<Button type="submit" name="intent" value="preview-levels" variant="outline" disabled={busy}>
							Pré-visualizar
						</Button>
						<Button type="submit" name="intent" value="save-levels" disabled={busy}>
							{busy ? 'Salvando...' : 'Salvar níveis'}
						</Button>
					</div>
				</Form>
			</CardContent>
		</Card>
	)
}
