import type { RefObject } from 'react'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import type { SizeGuide } from './size-guides'

export type SizeGuidePanelProps = {
	guide: SizeGuide
	open: boolean
	onOpenChange: (open: boolean) => void
	/** The 'Guia de tamanhos' button: focus returns to it on close. */
	triggerRef: RefObject<HTMLButtonElement | null>
}

/** The size table dialog (document 000 §2 'Size guide dialogs'), loaded by SizeGuideDialog on first use. */
export default function SizeGuidePanel({ guide, open, onOpenChange, triggerRef }: SizeGuidePanelProps) {
	return (
		<Dialog open={open} onOpenChange={onOpenChange}>
			<DialogContent
				onCloseAutoFocus={(event) => {
					event.preventDefault()
					triggerRef.current?.focus()
				}}
			>
				<DialogHeader>
					<DialogTitle>{guide.title}</DialogTitle>
					<DialogDescription>{guide.description}</DialogDescription>
				</DialogHeader>
				<table className="w-full border-collapse text-sm">
					<thead>
						<tr className="border-b">
							{guide.columns.map((column) => (
								<th key={column} scope="col" className="py-2 text-left font-semibold">
									{column}
								</th>
							))}
						</tr>
					</thead>
					<tbody>
						{guide.rows.map((row) => (
							<tr key={row.size} className="border-b last:border-0">
								<th scope="row" className="py-2 text-left font-semibold">
									{row.size}
								</th>
								{row.cells.map((cell, index) => (
									<td key={index} className="py-2">
										{cell}
										{row.note && index === row.cells.length - 1 ? (
											<span className="block text-xs text-muted-foreground">{row.note}</span>
										) : null}
									</td>
								))}
							</tr>
						))}
					</tbody>
				</table>
			</DialogContent>
		</Dialog>
	)
}
