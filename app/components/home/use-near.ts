import { type RefObject, useEffect, useState } from 'react'

/**
 * Whether a section is near: false on the server and at hydration, true once it comes within a
 * screen of the viewport (or the returned `drawNow` is called: reached by pointer or keyboard).
 * The home page's sections below the fold draw their content only then (decisions 058 and 089):
 * the HTML, the first render and hydration carry a light placeholder instead of dozens of cards.
 */
export function useNear(section: RefObject<HTMLElement | null>): [boolean, () => void] {
	const [near, setNear] = useState(false)
	useEffect(() => {
		const element = section.current
		if (near || !element) return
		// Every browser the shop supports has it; without it the section still draws on pointer or focus.
		if (typeof IntersectionObserver === 'undefined') return
		const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
			rootMargin: '100% 0px 100% 0px',
		})
		observer.observe(element)
		return () => observer.disconnect()
	}, [section, near])
	return [near, () => setNear(true)]
}
