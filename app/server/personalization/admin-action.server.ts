import { data } from 'react-router'
import { createToastHeaders } from '~/server/toast.server'
import type { OptionResult } from './admin-options.server'

/**
 * An admin page's answer to one change: the result for the form that sent it (its field
 * message) and the documents' toast, shown by the root after the revalidation. Refusals are
 * 400 with the Portuguese message; nothing typed is lost (the forms keep their values).
 */
export function optionAnswer<T extends OptionResult>(result: T, failureTitle: string) {
	const headers = createToastHeaders(
		result.ok ? { type: 'success', title: result.message } : { type: 'error', title: failureTitle, description: result.message },
	)
	return data(result, { status: result.ok ? 200 : 400, headers })
}
