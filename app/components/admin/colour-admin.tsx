import { PlusIcon, Trash2Icon } from '~/components/icons/lucide'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { swatchStyle } from '~/components/personalization/swatch'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import type { AdminColour } from '~/server/personalization/admin-options.server'
import { TableBox, td, th } from './admin-page'
import { formatMoneyInput } from './money'

type ActionData = { ok: boolean; message: string; field?: string }

/**
 * document 001 §2: the colour table (swatch, name, Xadrez/Sólida, active switch, delete) and
 * the 'Adicionar Cor' dialog of the bandana and collar back-office pages. Each control posts to
 * the page's action with its own fetcher; the page's toast says how it went.
 */
export function ColourTable({ colours, showType }: { colours: readonly AdminColour[]; showType: boolean }) {
	return (
		<TableBox label="Cores">
			<table className="w-full text-sm">
				<thead className="bg-muted/50">
					<tr>
						<th className={th} scope="col">
							Cor
						</th>
						<th className={th} scope="col">
							Nome
						</th>
						{showType ? (
							<th className={th} scope="col">
								Tipo
							</th>
						) : null}
						<th className={th} scope="col">
							Ativa
						</th>
						<th className={th} scope="col">
							<span className="sr-only">Remover</span>
						</th>
					</tr>
				</thead>
				<tbody className="divide-y">
					{colours.map((colour) => (
						<ColourRow key={colour.id} colour={colour} showType={showType} />
					))}
				</tbody>
			</table>
		</TableBox>
	)
}

function ColourRow({ colour, showType }: { colour: AdminColour; showType: boolean }) {
	const toggle = useFetcher<ActionData>()
	const remove = useFetcher<ActionData>()
	const pendingActive = toggle.formData ? toggle.formData.get('active') === 'true' : colour.isActive
	if (remove.formData) return null
	return (
		<tr data-testid="linha-cor">
			<td className={td}>
				<span aria-hidden="true" className="block size-7 rounded-full border border-black/15" style={swatchStyle(colour)} />
			</td>
			<td className={td}>
				{colour.name}
				<span className="block text-xs text-muted-foreground">{colour.hexCode}</span>
			</td>
			{showType ? <td className={td}>{colour.isPattern ? 'Xadrez' : 'Sólida'}</td> : null}
			<td className={td}>
				{/* Forms, so the switch and the delete button also work without JavaScript (the fetchers take over with it). */}
				<toggle.Form method="post">
					<input type="hidden" name="intent" value="toggle-colour" />
					<input type="hidden" name="id" value={colour.id} />
					<input type="hidden" name="active" value={String(!pendingActive)} />
					<Switch type="submit" checked={pendingActive} aria-label={`Cor ${colour.name} ativa`} disabled={toggle.state !== 'idle'} />
				</toggle.Form>
			</td>
			<td className={td}>
				<remove.Form
					method="post"
					onSubmit={(event) => {
						if (!window.confirm(`Remover a cor ${colour.name}?`)) event.preventDefault()
					}}
				>
					<input type="hidden" name="intent" value="delete-colour" />
					<input type="hidden" name="id" value={colour.id} />
					<Button type="submit" variant="ghost" size="icon-sm" aria-label={`Remover a cor ${colour.name}`}>
						<Trash2Icon aria-hidden="true" />
					</Button>
				</remove.Form>
			</td>
		</tr>
	)
}

/** document 001 §2: name, hex code (default #F472B6) and, for bandanas, 'Xadrez'. */
export function AddColourDialog({ allowPattern }: { allowPattern: boolean }) {
	const fetcher = useFetcher<ActionData>()
	const [open, setOpen] = useState(false)
	const [hex, setHex] = useState('#F472B6')
	const result = fetcher.state === 'idle' ? fetcher.data : undefined
	// A success closes the dialog; reopening it forgets that success (no effect needed).
	const [seenResult, setSeenResult] = useState<unknown>(undefined)
	const isOpen = open && !(result?.ok && result !== seenResult)
	const error = result && !result.ok ? result : null
	return (
		<>
			<Button
				type="button"
				onClick={() => {
					setSeenResult(fetcher.data)
					setHex('#F472B6')
					setOpen(true)
				}}
			>
				<PlusIcon aria-hidden="true" />
				Adicionar Cor
			</Button>
			<Dialog open={isOpen} onOpenChange={setOpen}>
				<DialogContent>
					<DialogHeader>
						<DialogTitle>Adicionar Cor</DialogTitle>
						<DialogDescription>A nova cor aparece no fim da lista.</DialogDescription>
					</DialogHeader>
					<fetcher.Form method="post" className="space-y-4">
						<input type="hidden" name="intent" value="add-colour" />
						<div className="space-y-2">
							<Label htmlFor="nova-cor-nome">Nome</Label>
							<Input id="nova-cor-nome" name="name" required maxLength={40} aria-invalid={error?.field === 'name' || undefined} />
						</div>
						<div className="space-y-2">
							<Label htmlFor="nova-cor-hex">Código hexadecimal</Label>
							<div className="flex items-center gap-2">
								<input
									type="color"
									aria-label="Escolher a cor"
									value={/^#[0-9A-Fa-f]{6}$/.test(hex) ? hex : '#F472B6'}
									onChange={(event) => setHex(event.currentTarget.value.toUpperCase())}
									className="h-9 w-12 cursor-pointer rounded border"
								/>
								<Input id="nova-cor-hex" name="hexCode" value={hex} onChange={(event) => setHex(event.currentTarget.value)} maxLength={7} />
							</div>
						</div>
						{allowPattern ? (
							<div className="flex items-center gap-2">
								<Checkbox id="nova-cor-xadrez" name="isPattern" value="on" />
								<Label htmlFor="nova-cor-xadrez">Xadrez</Label>
							</div>
						) : null}
						{error ? (
							<p role="alert" className="text-sm font-medium text-destructive">
								{error.message}
							</p>
						) : null}
						<DialogFooter>
							<Button type="submit" disabled={fetcher.state !== 'idle'}>
								{fetcher.state !== 'idle' ? 'Adicionando...' : 'Adicionar'}
							</Button>
						</DialogFooter>
					</fetcher.Form>
				</DialogContent>
			</Dialog>
		</>
	)
}

/** One price with its own 'Salvar' (number, step 0.01, min 0: document 001 §5). */
export function PriceForm({
	label,
	cents,
	intent,
	id,
	inputId,
	idField = 'id',
}: {
	label: string
	cents: number
	intent: string
	id?: string
	inputId: string
	/** The form field that carries `id` (default 'id'). */
	idField?: string
}) {
	const fetcher = useFetcher<ActionData>()
	const result = fetcher.state === 'idle' ? fetcher.data : undefined
	return (
		<fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
			<input type="hidden" name="intent" value={intent} />
			{id ? <input type="hidden" name={idField} value={id} /> : null}
			<div className="space-y-1">
				<Label htmlFor={inputId}>{label}</Label>
				<div className="flex items-center gap-1">
					<span className="text-sm text-muted-foreground">R$</span>
					<Input id={inputId} name="price" type="text" inputMode="decimal" maxLength={20} defaultValue={formatMoneyInput(cents)} className="w-32" />
				</div>
			</div>
			<Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
				Salvar
			</Button>
			{result && !result.ok ? (
				<p role="alert" className="basis-full text-sm text-destructive">
					{result.message}
				</p>
			) : null}
		</fetcher.Form>
	)
}
