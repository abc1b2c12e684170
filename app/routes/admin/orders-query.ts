/** The same filters as a query string (for pagination links and the export link). */
export function orderFiltersQuery(filters: { status?: string; q?: string }, page?: number): string {
	const params = new URLSearchParams()
	if (filters.status) params.set('status', filters.status)
	if (filters.q) params.set('q', filters.q)
	if (page && page > 1) params.set('page', String(page))
	const text = params.toString()
	return text ? `?${text}` : ''
}
