import { data } from 'react-router'
import { loadCategoryRows } from '~/server/home.server'
import { HOME_CATEGORY_ROWS } from '~/utils/home-sections'
import type { RowProducts } from '~/components/home/row-products'

/**
 * GET /resources/home-rows — the cards of every category row of the home page, by collection
 * handle (document 000 §2, §7: up to 20 products each). The home's HTML says only how many each
 * row has; the browser asks for the cards once, when the first row comes near (decision 139): ten
 * rows of product data were a fifth of the page's bytes, read by every phone that never scrolled.
 * The same for everyone, from the catalogue cache: a row that fails to load is left out.
 */
export async function loader() {
	const rows = await loadCategoryRows(HOME_CATEGORY_ROWS.map((row) => row.handle))
	const body: RowProducts = Object.fromEntries(rows)
	return data(body, { headers: { 'Cache-Control': 'no-cache' } })
}
