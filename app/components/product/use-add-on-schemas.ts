import { useCallback, useState } from 'react'
import type * as AddOnSchemaModule from '~/commerce/rules/add-on-schemas'
import { loadOnce } from '~/utils/load-once'

type AddOnSchemas = typeof AddOnSchemaModule

// One module for the whole session: a second product page finds it loaded; a failed load (flaky
// network) is tried again by the next interaction.
const addOnSchemas = loadOnce(() => import('~/commerce/rules/add-on-schemas'))
const loadAddOnSchemas = addOnSchemas.load

/**
 * The product form's zod schemas and line builder, loaded when the shopper first points at,
 * touches or focuses the purchase column (decision 016): zod stays out of the product page's
 * first load, and is there before anything is typed or clicked. `ensure()` waits for it.
 */
export function useAddOnSchemas(): { schemas: AddOnSchemas | null; ensure: () => Promise<AddOnSchemas> } {
	const [schemas, setSchemas] = useState<AddOnSchemas | null>(addOnSchemas.current())
	const ensure = useCallback(async () => {
		const module = await loadAddOnSchemas()
		setSchemas(module)
		return module
	}, [])
	return { schemas, ensure }
}
