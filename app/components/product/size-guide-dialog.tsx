import { RulerIcon } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '~/components/ui/dialog'
import type { SizeGuide } from './size-guides'

/** 'Guia de tamanhos' link-button opening the size table (document 000 §2 'Size guide dialogs'). */
export function SizeGuideDialog({ guide }: { guide: SizeGuide }) {
	return (
		<Dialog>
			<DialogTrigger asChild>
				<Button type="button" variant="link" size="sm" className="h-auto px-0">
					<RulerIcon aria-hidden="true" />
					Guia de tamanhos
				</Button>
			</DialogTrigger>
			<DialogContent>
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
