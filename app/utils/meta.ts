/**
 * '<page> | <store name>' for a route's <title>. React Router does not merge meta between
 * routes, so each page builds its own title; the store name comes from the root loader's
 * data among `matches` (settings are editable, so it is never hard-coded).
 */
export function pageTitle(title: string, matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
	const root = matches.find((match) => match?.id === 'root')?.loaderData as { settings?: { storeName?: string } } | undefined
	const storeName = root?.settings?.storeName
	return storeName ? `${title} | ${storeName}` : title
}
