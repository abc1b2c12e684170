import { data } from 'react-router'
import { COMMERCE_MESSAGES } from '~/commerce/errors'

/**
 * The body of a form POST. A body that is not a form (wrong content type, cut-off multipart,
 * a script posting JSON) answers 400 with the same Portuguese message as /cart and /checkout,
 * never a 500: `request.formData()` throws a TypeError on such bodies.
 */
export async function readFormData(request: Request): Promise<FormData> {
	try {
		return await request.formData()
	} catch {
		throw data(COMMERCE_MESSAGES.invalidInput, { status: 400 })
	}
}
