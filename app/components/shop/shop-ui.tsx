import { createContext, useContext, useMemo, useState } from 'react'

/**
 * Open/closed state of the shop's overlays, shared so that any page can open them
 * (e.g. the hero's 'Compre com a Aria' opens the chat; document 000 §2 'Header': "A chat widget
 * opens and closes through shared state"). The cart drawer and the search panel use it too.
 */
type ShopUi = {
	chatOpen: boolean
	setChatOpen: (open: boolean) => void
	cartOpen: boolean
	setCartOpen: (open: boolean) => void
	searchOpen: boolean
	setSearchOpen: (open: boolean) => void
}

const ShopUiContext = createContext<ShopUi | null>(null)

export function ShopUiProvider({ children }: { children: React.ReactNode }) {
	const [chatOpen, setChatOpen] = useState(false)
	const [cartOpen, setCartOpen] = useState(false)
	const [searchOpen, setSearchOpen] = useState(false)
	const value = useMemo(
		() => ({ chatOpen, setChatOpen, cartOpen, setCartOpen, searchOpen, setSearchOpen }),
		[chatOpen, cartOpen, searchOpen],
	)
	return <ShopUiContext.Provider value={value}>{children}</ShopUiContext.Provider>
}

export function useShopUi(): ShopUi {
	const value = useContext(ShopUiContext)
	if (!value) throw new Error('useShopUi must be used inside <ShopUiProvider> (the storefront layout)')
	return value
}
