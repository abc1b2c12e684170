import { PawPrintIcon } from 'lucide-react'
import { Button } from '~/components/ui/button'

export type PetSizeHint = { petName: string; neck: string; size: string | null }

/**
 * 'Tamanho sugerido para Thor: G' under the size picker (issue 10), one line per pet with a
 * neck measure; choosing a suggestion selects that size.
 */
export function PetSizeHints({ hints, onChoose }: { hints: readonly PetSizeHint[]; onChoose: (size: string) => void }) {
	if (hints.length === 0) return null
	return (
		<ul className="space-y-1 text-sm" aria-label="Tamanhos sugeridos para os seus pets">
			{hints.map((hint) => (
				<li key={hint.petName} className="flex flex-wrap items-center gap-2" data-testid="tamanho-sugerido">
					<PawPrintIcon className="size-4 text-primary" aria-hidden="true" />
					{hint.size ? (
						<>
							<span>
								Tamanho sugerido para {hint.petName}: <strong>{hint.size}</strong>
							</span>
							<Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => onChoose(hint.size!)}>
								Escolher {hint.size}
							</Button>
						</>
					) : (
						<span className="text-muted-foreground">
							Nenhum tamanho disponível serve em {hint.petName} (pescoço {hint.neck}).
						</span>
					)}
				</li>
			))}
		</ul>
	)
}
