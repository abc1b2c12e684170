import { PawPrintIcon } from '~/components/icons/lucide'
import { type RefObject, useEffect, useId, useMemo, useState } from 'react'
import { type BreedNeck, type PetNeck, bandanaNeckLimits, breedSizeRows, guideSizes, suggestPetSizes } from '~/commerce/rules/pet-size'
import { useVisitor } from '~/components/shop/use-root-data'
import { Button } from '~/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog'
import { formatDecimal } from '~/utils/format'
import type { SizeGuide } from './size-guides'

export type SizeGuidePanelProps = {
	/** The page's guide; for bandanas the dialog adds the neck each size fits. */
	guide: SizeGuide
	/** The owner's breed table (size-guides.ts's loadBreedNecks, passed so that this module imports nothing of the page's). */
	loadBreeds: () => Promise<BreedNeck[]>
	open: boolean
	onOpenChange: (open: boolean) => void
	/** The 'Guia de tamanhos' button: focus returns to it on close. */
	triggerRef: RefObject<HTMLButtonElement | null>
}

const NO_PETS: readonly PetNeck[] = []

/**
 * The size guide dialog (document 000 §2 'Size guide dialogs'; issue 31), loaded by
 * SizeGuideDialog on first use: the signed-in shopper's pets with their sizes, how to measure
 * the neck, the documents' size table with the neck each size fits, and the owner's breed table
 * as 'Raça → tamanho sugerido'. Every size comes from the one rule (commerce/rules/pet-size.ts).
 */
/** 150 → 'até 15cm', written as the documents write the table's measures. */
const neckUpTo = (mm: number) => `até ${formatDecimal(mm / 10, 1)}cm`

/** The bandana guide with the neck each size fits (issue 31), from the rule that suggests sizes. */
function withNecks(guide: SizeGuide): SizeGuide {
	if (guide.kind !== 'bandana') return guide
	const necks = new Map(bandanaNeckLimits().map(({ size, maxNeckMm }) => [size, neckUpTo(maxNeckMm)]))
	return { ...guide, columns: [...guide.columns, 'Pescoço'], rows: guide.rows.map((row) => ({ ...row, cells: [...row.cells, necks.get(row.size) ?? '—'] })) }
}

export default function SizeGuidePanel({ guide: pageGuide, loadBreeds, open, onOpenChange, triggerRef }: SizeGuidePanelProps) {
	const guide = useMemo(() => withNecks(pageGuide), [pageGuide])
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
				<PetSuggestions guide={guide} />
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
				{guide.kind === 'bandana' ? (
					<p className="-mt-2 text-xs text-muted-foreground">Pescoço: a maior medida que o tamanho veste, com 10cm de folga para o nó.</p>
				) : null}
				<HowToMeasure />
				<BreedTable guide={guide} loadBreeds={loadBreeds} />
			</DialogContent>
		</Dialog>
	)
}

/** 'Sugerido para Thor: GG', for each of the signed-in shopper's pets with a neck or a known breed. */
function PetSuggestions({ guide }: { guide: SizeGuide }) {
	const pets = useVisitor()?.pets ?? NO_PETS
	const hints = useMemo(() => suggestPetSizes(guide.kind, pets, guideSizes(guide.kind)), [guide.kind, pets])
	if (hints.length === 0) return null
	return (
		<ul className="flex flex-col gap-1 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="guia-sugestao-pet">
			{hints.map((hint, index) => (
				<li key={`${index}-${hint.petName}`} className="flex items-start gap-2">
					<PawPrintIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
					<span className="min-w-0 break-words">
						{hint.size ? (
							<>
								Sugerido para {hint.petName}: <strong>{hint.size}</strong>
							</>
						) : (
							<>Nenhum tamanho do guia serve em {hint.petName}</>
						)}
						<span className="block text-xs text-muted-foreground">
							{hint.breed ? `${hint.breed}: pescoço típico de ${hint.neck}. Se puder, meça.` : `Pescoço de ${hint.neck}, como em Meus Pets.`}
						</span>
					</span>
				</li>
			))}
		</ul>
	)
}

function HowToMeasure() {
	const headingId = useId()
	return (
		<section aria-labelledby={headingId} className="flex flex-col gap-3">
			<h3 id={headingId} className="font-semibold">
				Como medir
			</h3>
			<div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
				<MeasuringPicture />
				<ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
					<li>Passe uma fita métrica em volta do pescoço do pet, onde a coleira fica.</li>
					<li>Deixe dois dedos de folga entre a fita e o pescoço.</li>
					<li>Compare a medida com a coluna Pescoço da tabela.</li>
				</ol>
			</div>
			<p className="text-xs text-muted-foreground">Sem fita métrica? Use um barbante e meça o barbante com uma régua.</p>
		</section>
	)
}

/** A dog's head and neck with a tape measure around the neck, where the collar sits. */
function MeasuringPicture() {
	return (
		<svg
			viewBox="0 0 200 150"
			role="img"
			aria-label="Ilustração: uma fita métrica passada em volta do pescoço de um cachorro, com dois dedos de folga"
			className="h-auto w-40 shrink-0"
			data-testid="guia-como-medir"
		>
			{/* neck and chest */}
			<path d="M92 78 L78 146 L168 146 L150 74 Z" fill="#d6a56b" stroke="#7c5a35" strokeWidth="2" strokeLinejoin="round" />
			{/* head, snout, nose, eye, ear */}
			<ellipse cx="122" cy="52" rx="36" ry="31" fill="#d6a56b" stroke="#7c5a35" strokeWidth="2" />
			<ellipse cx="84" cy="64" rx="24" ry="15" fill="#e6be8a" stroke="#7c5a35" strokeWidth="2" />
			<circle cx="63" cy="60" r="6" fill="#3f2a16" />
			<circle cx="112" cy="44" r="4" fill="#3f2a16" />
			<path d="M138 26 Q170 24 166 72 Q150 66 140 40 Z" fill="#a8743f" stroke="#7c5a35" strokeWidth="2" strokeLinejoin="round" />
			{/* the tape around the neck */}
			<path d="M88 92 Q122 106 156 88 L158 102 Q122 121 86 106 Z" fill="#facc15" stroke="#a16207" strokeWidth="1.5" />
			<g stroke="#a16207" strokeWidth="1.5">
				<line x1="96" y1="96" x2="95" y2="102" />
				<line x1="106" y1="99" x2="105" y2="106" />
				<line x1="116" y1="101" x2="116" y2="108" />
				<line x1="126" y1="101" x2="127" y2="108" />
				<line x1="136" y1="99" x2="137" y2="106" />
				<line x1="146" y1="95" x2="147" y2="101" />
			</g>
			{/* the tape's loose end, with its numbers */}
			<path d="M156 94 L190 118 L184 128 L152 104 Z" fill="#facc15" stroke="#a16207" strokeWidth="1.5" />
			<text x="170" y="116" fontSize="9" fontWeight="700" fill="#713f12" transform="rotate(35 170 116)">
				cm
			</text>
		</svg>
	)
}

type BreedsState = { phase: 'loading' } | { phase: 'ready'; breeds: BreedNeck[] } | { phase: 'failed' }

/** 'Raça → tamanho sugerido': the owner's breed table (the one the assistant answers from). */
function BreedTable({ guide, loadBreeds }: { guide: SizeGuide; loadBreeds: () => Promise<BreedNeck[]> }) {
	const headingId = useId()
	const [state, setState] = useState<BreedsState>({ phase: 'loading' })
	const [attempt, setAttempt] = useState(0)
	useEffect(() => {
		let live = true
		void loadBreeds().then(
			(breeds) => live && setState({ phase: 'ready', breeds }),
			() => live && setState({ phase: 'failed' }),
		)
		return () => {
			live = false
		}
	}, [attempt, loadBreeds])
	const rows = useMemo(() => (state.phase === 'ready' ? breedSizeRows(guide.kind, state.breeds) : []), [state, guide.kind])
	return (
		<section aria-labelledby={headingId} className="flex flex-col gap-2">
			<h3 id={headingId} className="font-semibold">
				Raça → tamanho sugerido
			</h3>
			{state.phase === 'loading' ? (
				<p role="status" className="text-sm text-muted-foreground">
					Carregando as raças…
				</p>
			) : state.phase === 'failed' ? (
				<div className="flex flex-wrap items-center gap-2 text-sm">
					<p role="alert" className="text-destructive">
						Não foi possível carregar a tabela de raças.
					</p>
					<Button
						type="button"
						variant="outline"
						size="sm"
						onClick={() => {
							setState({ phase: 'loading' })
							setAttempt((n) => n + 1)
						}}
					>
						Tentar novamente
					</Button>
				</div>
			) : rows.length === 0 ? null : (
				<>
					<p className="text-xs text-muted-foreground">Medidas típicas de cada raça: cada pet é de um jeito, então meça se puder.</p>
					<table className="w-full border-collapse text-sm" data-testid="guia-racas">
						<thead>
							<tr className="border-b">
								<th scope="col" className="w-[45%] py-2 text-left font-semibold">
									Raça
								</th>
								<th scope="col" className="py-2 text-left font-semibold">
									Pescoço típico
								</th>
								<th scope="col" className="py-2 text-left font-semibold">
									Tamanho sugerido
								</th>
							</tr>
						</thead>
						<tbody>
							{rows.map((row) => (
								<tr key={row.name} className="border-b last:border-0">
									<th scope="row" className="py-1.5 pr-2 text-left font-normal">
										{row.name}
									</th>
									<td className="py-1.5 pr-2 text-muted-foreground">{row.neck}</td>
									<td className="py-1.5 font-semibold">{row.size ?? 'Nenhum'}</td>
								</tr>
							))}
						</tbody>
					</table>
				</>
			)}
		</section>
	)
}
