import { useCallback, useState } from 'react'
import type * as AddOnSchemaModule from '~/commerce/rules/add-on-schemas'

type AddOnSchemas = typeof AddOnSchemaModule

// One module for the whole session: a second product page finds it loaded.
let loaded: AddOnSchemas | null = null
let loading: Promise<AddOnSchemas> | null = null

function loadAddOnSchemas(): Promise<AddOnSchemas> {
	loading ??= import('~/commerce/rules/add-on-schemas').then((module) => (loaded = module))
	// A failed load (flaky network) may be tried again by the next interaction.
	loading.catch(() => (loading = null))
	return loading
}

/**
 * The product form's zod schemas and line builder, loaded when the shopper first points at,
 * touches or focuses the purchase column (decision 016): zod stays out of the product page's
 * first load, and is there before anything is typed or clicked. `ensure()` waits for it.
 */
export function useAddOnSchemas(): { schemas: AddOnSchemas | null; ensure: () => Promise<AddOnSchemas> } {
	const [schemas, setSchemas] = useState<AddOnSchemas | null>(loaded)
	const ensure = useCallback(async () => {
		const module = await loadAddOnSchemas()
		setSchemas(module)
		return module
	}, [])
	return { schemas, ensure }
}
