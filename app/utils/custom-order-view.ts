import type { CustomOrderRow } from '~/server/personalization/custom-orders.server'
import { formatMoney } from '~/utils/format'

/** The custom order cards' and the printable work order's shared wording (issue 30). */

export function titleOf(row: Pick<CustomOrderRow, 'productType' | 'wholesale'>): string {
	const piece = row.productType === 'bandana' ? 'Bandana Personalizada' : 'Colar Personalizado'
	return row.wholesale ? `Atacado — ${piece}` : piece
}

/** The work order's facts, in the order the owner makes the piece (shared with the printable sheet). */
export function workOrderDetails(row: CustomOrderRow): [string, string][] {
	const details: [string, string | null][] = [
		['Tamanho', row.size],
		['Cor', row.colour ?? '—'],
		['Quantidade', String(row.quantity)],
		['Arte pronta', row.artTitle],
		['Nome do pet', row.petName],
		['Instagram', row.petInstagram ? `@${row.petInstagram}` : null],
		['Nome lateral', row.sideName],
		['Acessório', row.accessoryTitle],
		['Extras', row.extras.length > 0 ? row.extras.join(', ') : null],
		['Total', formatMoney(row.totalCents)],
		['Cliente', row.order ? [row.order.customerName, row.customerEmail].filter(Boolean).join(' · ') : (row.customerEmail ?? 'Visitante sem conta')],
	]
	return details.filter((d): d is [string, string] => d[1] !== null)
}

