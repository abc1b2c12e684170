import { RulerIcon } from '~/components/icons/lucide'
import { lazy, Suspense, useRef, useState } from 'react'
import { Button } from '~/components/ui/button'
import { useOpenedOnce } from '~/components/ui/lazy-overlay'
import { type SizeGuide, loadBreedNecks } from './size-guides'

const loadPanel = () => import('./size-guide-panel')
const SizeGuidePanel = lazy(loadPanel)

/**
 * 'Guia de tamanhos' link-button opening the size guide (document 000 §2 'Size guide
 * dialogs'; issue 31). The dialog's code and the breed table load when the pointer or focus
 * reaches the button, so the page itself carries neither.
 */
export function SizeGuideDialog({ guide }: { guide: SizeGuide }) {
	const [open, setOpen] = useState(false)
	const opened = useOpenedOnce(open)
	const triggerRef = useRef<HTMLButtonElement>(null)
	const prefetch = () => {
		void loadPanel().catch(() => undefined)
		void loadBreedNecks().catch(() => undefined)
	}
	return (
		<>
			<Button
				ref={triggerRef}
				type="button"
				variant="link"
				size="sm"
				className="h-auto px-0"
				aria-haspopup="dialog"
				aria-expanded={open}
				onPointerEnter={prefetch}
				onFocus={prefetch}
				onClick={() => setOpen(true)}
			>
				<RulerIcon aria-hidden="true" />
				Guia de tamanhos
			</Button>
			{opened ? (
				<Suspense fallback={null}>
					<SizeGuidePanel guide={guide} loadBreeds={loadBreedNecks} open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
				</Suspense>
			) : null}
		</>
	)
}
