import { ArrowDownIcon, ArrowUpIcon } from '~/components/icons/lucide'
import { useState } from 'react'
import { Button } from '~/components/ui/button'

/**
 * A list the owner arranges by hand (product pictures, a collection's products): kept locally
 * until saved. `move` ignores moves past either end.
 */
export function useReorderableList<T>(initial: readonly T[]) {
	const [order, setOrder] = useState<T[]>([...initial])
	const move = (from: number, to: number) =>
		setOrder((current) => {
			if (to < 0 || to >= current.length || from === to) return current
			const next = [...current]
			const [moved] = next.splice(from, 1)
			if (moved !== undefined) next.splice(to, 0, moved)
			return next
		})
	return { order, setOrder, move }
}

/**
 * 'Move up' and 'move down' for one item: the keyboard and touch way to reorder (dragging needs
 * a mouse). Labels name the item, so a screen reader says what moves.
 */
export function MoveButtons({
	index,
	count,
	onMove,
	labels,
	variant = 'outline',
}: {
	index: number
	count: number
	onMove: (from: number, to: number) => void
	labels: { up: string; down: string }
	variant?: 'outline' | 'ghost'
}) {
	return (
		<>
			<Button
				type="button"
				size="icon"
				variant={variant}
				onClick={() => onMove(index, index - 1)}
				disabled={index === 0}
				aria-label={labels.up}
			>
				<ArrowUpIcon aria-hidden="true" />
			</Button>
			<Button
				type="button"
				size="icon"
				variant={variant}
				onClick={() => onMove(index, index + 1)}
				disabled={index === count - 1}
				aria-label={labels.down}
			>
				<ArrowDownIcon aria-hidden="true" />
			</Button>
		</>
	)
}
