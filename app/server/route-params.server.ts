import { z } from 'zod'

/*
 * Route parameters that name a product or a collection: lower-case slugs. Anything else
 * cannot exist, so the page answers 404, never a 500. In a .server module so that zod stays
 * out of the pages' browser bundles (a schema built at a route module's top level is kept by
 * the bundler even when only the loader uses it).
 */
const slug = (max: number) =>
	z
		.string()
		.max(max)
		.transform((value) => value.toLowerCase())
		.pipe(z.string().regex(/^[a-z0-9][a-z0-9-]*$/))

const productParams = z.object({ handle: slug(200) })
const collectionParams = z.object({ handle: slug(120) })

/** The product handle of /produto/:handle, lower-cased; null when it cannot be one. */
export function productHandleParam(params: unknown): string | null {
	const parsed = productParams.safeParse(params)
	return parsed.success ? parsed.data.handle : null
}

/** The collection handle of /categoria/:handle and /:handle, lower-cased; null when it cannot be one. */
export function collectionHandleParam(params: unknown): string | null {
	const parsed = collectionParams.safeParse(params)
	return parsed.success ? parsed.data.handle : null
}
