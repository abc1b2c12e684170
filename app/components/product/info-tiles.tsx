import { ShieldCheckIcon, TimerIcon, TruckIcon } from '~/components/icons/lucide'

/** document 000 §2: three tiles; on a phone too, smaller (issue 13: shoppers look for them there). */
const TILES = [
	{ icon: TimerIcon, title: 'Produção rápida', text: 'Pronto em até 4 dias úteis' },
	{ icon: TruckIcon, title: 'Envio garantido', text: 'Entregamos em todo o Brasil' },
	{ icon: ShieldCheckIcon, title: 'Garantia de 30 dias', text: 'Sua compra protegida' },
] as const

export function InfoTiles() {
	return (
		<ul className="grid grid-cols-3 gap-2 md:gap-3" aria-label="Vantagens" data-testid="info-tiles">
			{TILES.map(({ icon: Icon, title, text }) => (
				<li key={title} className="flex flex-col items-center gap-1 rounded-xl border bg-card p-2 text-center md:p-3">
					<Icon className="size-5 text-primary" aria-hidden="true" />
					<span className="text-sm font-semibold">{title}</span>
					<span className="text-xs text-muted-foreground">{text}</span>
				</li>
			))}
		</ul>
	)
}
