import { petNecksOf } from '~/server/account/pets.server'
import { getOptionalUser } from '~/server/auth/guards.server'
import { takeUnannouncedBadges } from '~/server/loyalty/badges.server'
import { getShellCounts } from '~/server/shell.server'
import { getTheme } from '~/server/theme.server'
import { getToast } from '~/server/toast.server'

/**
 * Everything on a page that depends on who is looking (decision 049): the signed-in person,
 * the cart with its badge, the favourites with their hearts, the flash toast, badges just
 * earned and the pets' necks (the size suggestions on bandana and collar pages, decision 055). Pages are rendered without it, so one rendered page serves every visitor (the
 * page cache); the browser asks for this right after the page hydrates and after every
 * change (the root's clientLoader), over `GET /resources/visitor`.
 */
export async function loadVisitor(request: Request) {
	const user = await getOptionalUser(request)
	const [{ toast, headers }, { cartCount, favoritesCount, favoriteProductIds, cart }, newBadges, pets] = await Promise.all([
		getToast(request),
		getShellCounts(request, user),
		// Badges earned since this customer's last page (issue 10): each toasted once.
		user ? takeUnannouncedBadges(user.id) : [],
		user ? petNecksOf(user.id) : [],
	])
	return {
		// The theme too: the root keeps the page's shared data, and the theme cookie changes with the toggle.
		visitor: { user, theme: getTheme(request), toast, newBadges, cartCount, favoritesCount, favoriteProductIds, cart, pets },
		// Clears the flash-toast cookie in the same response that shows it.
		headers,
	}
}

export type Visitor = Awaited<ReturnType<typeof loadVisitor>>['visitor']
