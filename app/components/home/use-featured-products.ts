import { startTransition, useEffect, useState } from 'react'
import type { FeaturedProducts } from '~/server/home.server'

/**
 * The visitor's 'Produtos em Destaque' (their recently viewed products, or suggestions), asked
 * for once the home page is in the browser: the page itself is the same for everyone and
 * cached (decision 049). null while loading (the section shows its skeleton, as it did while
 * the server streamed it); a failure is the section's error state.
 */
export function useFeaturedProducts(): FeaturedProducts | null {
	const [featured, setFeatured] = useState<FeaturedProducts | null>(null)
	useEffect(() => {
		const controller = new AbortController()
		fetch('/resources/views', { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: controller.signal })
			.then((response) => (response.ok ? (response.json() as Promise<FeaturedProducts>) : { mode: 'error' as const }))
			// A transition: React draws the cards in slices that yield to the shopper's input,
			// not in one task (a plain update here is rendered all at once; decision 065).
			.then((data) => startTransition(() => setFeatured(data)))
			.catch(() => {
				if (!controller.signal.aborted) startTransition(() => setFeatured({ mode: 'error' }))
			})
		return () => controller.abort()
	}, [])
	return featured
}
