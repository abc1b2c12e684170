import { PlusIcon, XIcon } from '~/components/icons/lucide'
import { useId, useState } from 'react'
import { FieldMessage } from '~/components/admin/admin-page'
import { markFormChanged } from '~/components/admin/use-unsaved-changes'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

/** One option as the editor holds it: its name and its values, in order. */
export type OptionChipValues = { name: string; values: string[] }

const MAX_OPTIONS = 3

type Row = OptionChipValues & { key: number; draft: string }

/**
 * A product's options as chips (issue 30): each option has a name ('Tamanho') and its values as
 * chips; a value is added by typing and pressing Enter or a comma, removed with its × button.
 * Posted as `option.N.name`, one `option.N.value` per chip and `option.N.pending` (what is typed
 * and not yet a chip: the server keeps it too, so nothing typed is lost); the server checks it.
 */
export function OptionChips({ initial, error, hint }: { initial: readonly OptionChipValues[]; error?: string; hint?: React.ReactNode }) {
	const ids = useId()
	const [rows, setRows] = useState<Row[]>(() => initial.map((o, key) => ({ ...o, values: [...o.values], key, draft: '' })))
	const [nextKey, setNextKey] = useState(initial.length)
	const update = (key: number, change: (row: Row) => Row) => setRows((current) => current.map((row) => (row.key === key ? change(row) : row)))
	const addValues = (key: number, typed: string) =>
		update(key, (row) => {
			const added = typed
				.split(',')
				.map((v) => v.trim())
				.filter((v) => v && !row.values.includes(v))
			return { ...row, values: [...row.values, ...new Set(added)], draft: '' }
		})
	const errorId = `${ids}-erro`
	const hintId = `${ids}-dica`

	return (
		<fieldset className="space-y-3" aria-describedby={[hint ? hintId : null, errorId].filter(Boolean).join(' ')}>
			<legend className="text-sm font-medium">Opções</legend>
			{hint ? (
				<p id={hintId} className="text-xs text-muted-foreground">
					{hint}
				</p>
			) : null}
			{rows.length === 0 ? <p className="text-sm text-muted-foreground">Sem opções: o produto tem uma variante só.</p> : null}
			{rows.map((row, index) => {
				const optionName = row.name.trim() || `opção ${index + 1}`
				const prefix = `option.${index}.`
				return (
					<div key={row.key} role="group" aria-label={`Opção ${index + 1}`} className="space-y-2 rounded-md border p-3">
						<div className="flex flex-wrap items-end gap-2">
							<div className="min-w-40 flex-1 space-y-1">
								<Label htmlFor={`${ids}-${row.key}-nome`}>Nome da opção {index + 1}</Label>
								<Input
									id={`${ids}-${row.key}-nome`}
									name={`${prefix}name`}
									value={row.name}
									maxLength={255}
									placeholder="Tamanho"
									onChange={(event) => {
										const name = event.target.value
										update(row.key, (r) => ({ ...r, name }))
									}}
								/>
							</div>
							<Button
								type="button"
								variant="outline"
								onClick={(event) => {
									markFormChanged(event.currentTarget)
									setRows((current) => current.filter((r) => r.key !== row.key))
								}}
								aria-label={`Remover opção ${optionName}`}
							>
								Remover opção
							</Button>
						</div>
						<ul className="flex flex-wrap gap-1.5" aria-label={`Valores de ${optionName}`}>
							{row.values.map((value) => (
								<li key={value} className="flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-0.5 pl-3 text-sm">
									<input type="hidden" name={`${prefix}value`} value={value} />
									{value}
									<button
										type="button"
										className="inline-flex size-7 items-center justify-center rounded-full hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
										aria-label={`Remover ${value} de ${optionName}`}
										onClick={(event) => {
											markFormChanged(event.currentTarget)
											update(row.key, (r) => ({ ...r, values: r.values.filter((v) => v !== value) }))
										}}
									>
										<XIcon className="size-3.5" aria-hidden="true" />
									</button>
								</li>
							))}
						</ul>
						<div className="space-y-1">
							<Label htmlFor={`${ids}-${row.key}-novo`}>Novo valor de {optionName}</Label>
							<Input
								id={`${ids}-${row.key}-novo`}
								name={`${prefix}pending`}
								value={row.draft}
								maxLength={255}
								placeholder="Digite e tecle Enter"
								enterKeyHint="done"
								onChange={(event) => {
									const typed = event.target.value
									// A comma (typed or pasted) ends a value.
									if (typed.includes(',')) {
										const cut = typed.lastIndexOf(',')
										addValues(row.key, typed.slice(0, cut))
										const rest = typed.slice(cut + 1)
										update(row.key, (r) => ({ ...r, draft: rest.trimStart() }))
									} else update(row.key, (r) => ({ ...r, draft: typed }))
								}}
								onKeyDown={(event) => {
									if (event.key !== 'Enter') return
									// Enter adds the value; it never sends the whole form.
									event.preventDefault()
									addValues(row.key, row.draft)
								}}
							/>
						</div>
					</div>
				)
			})}
			{rows.length < MAX_OPTIONS ? (
				<Button
					type="button"
					variant="outline"
					onClick={() => {
						setRows((current) => [...current, { key: nextKey, name: '', values: [], draft: '' }])
						setNextKey((n) => n + 1)
					}}
				>
					<PlusIcon aria-hidden="true" />
					Adicionar opção
				</Button>
			) : null}
			<FieldMessage id={errorId} message={error} />
		</fieldset>
	)
}
