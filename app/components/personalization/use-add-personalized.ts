import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { GIFT_TOAST } from '~/components/cart/cart-feedback'
import { useShopUi } from '~/components/shop/shop-ui'
import { toast } from '~/components/ui/toast'
import { formatMoney } from '~/utils/format'

type AddResult = { ok: true; message: string; totalCents: number; giftAdded: boolean } | { ok: false; error: string; field?: string }

/**
 * 'Adicionar ao Carrinho' of the personalization and wholesale pages: posts the choices to the
 * page's own action, then 'Produtos adicionados ao carrinho!' with the total and the drawer
 * opens (document 001 §8); a refusal shows its Portuguese message and keeps every choice.
 */
export function useAddPersonalized() {
	const fetcher = useFetcher<AddResult>()
	const { setCartOpen } = useShopUi()
	const seen = useRef<unknown>(undefined)
	useEffect(() => {
		const data = fetcher.data
		if (fetcher.state !== 'idle' || !data || data === seen.current) return
		seen.current = data
		if (data.ok) {
			toast.success(data.message, { description: `Total: ${formatMoney(data.totalCents)}` })
			if (data.giftAdded) toast.success(GIFT_TOAST.title, { description: GIFT_TOAST.description, duration: GIFT_TOAST.duration })
			setCartOpen(true)
		} else {
			toast.error('Erro ao adicionar produtos ao carrinho', { description: data.error })
		}
	}, [fetcher.state, fetcher.data, setCartOpen])
	const result = fetcher.state === 'idle' ? fetcher.data : undefined
	return {
		busy: fetcher.state !== 'idle',
		/** The field the last refusal was about, to show its message beside it. */
		fieldError: result && !result.ok ? { field: result.field ?? null, message: result.error } : null,
		submit(fields: Record<string, string>) {
			void fetcher.submit(fields, { method: 'post' })
		},
	}
}
