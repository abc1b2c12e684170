import type { CommerceProvider } from '../provider'
import { addCartLines, createCart, createCheckout, getCart, removeCartLines, updateCartLines } from './cart.server'
import {
	getCollectionByHandle,
	getCollectionsByHandles,
	getProductByHandle,
	getProductsByHandles,
	getProductsByIds,
	listCollections,
	listProducts,
} from './catalogue.server'
import { searchProducts } from './search.server'
import { browseProducts } from './browse.server'

/** The built-in provider: catalogue, search and cart on our own database (decision 1). */
export const builtinProvider: CommerceProvider = {
	name: 'builtin',
	listProducts,
	getProductByHandle,
	getProductsByHandles,
	getProductsByIds,
	getCollectionByHandle,
	getCollectionsByHandles,
	listCollections,
	searchProducts,
	browseProducts,
	getCart,
	createCart,
	addCartLines,
	updateCartLines,
	removeCartLines,
	createCheckout,
}
