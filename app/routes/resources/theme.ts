import { data, redirect } from 'react-router'
import { z } from 'zod'
import { safeRedirectPath } from '~/server/auth/guards.server'
import { readForm } from '~/server/read-form.server'
import { serializeThemeCookie, themeSchema } from '~/server/theme.server'
import type { Route } from './+types/theme'
import { userText } from '~/utils/text-schema'

const themeFormSchema = z.object({
	theme: themeSchema,
	// Only sent by the no-JavaScript form: where to go back to after saving.
	redirectTo: userText().optional(),
})

/**
 * Saves the theme preference in the `theme` cookie. The header toggle posts here with a fetcher
 * (the page switches at once, optimistically); without JavaScript the plain form posts and is
 * redirected back to the page it came from.
 */
export async function action({ request }: Route.ActionArgs) {
	const reading = await readForm(request)
	if (!reading.ok) return data({ ok: false as const, error: reading.message }, { status: 400 })
	const parsed = themeFormSchema.safeParse(Object.fromEntries(reading.form))
	if (!parsed.success) {
		return data({ ok: false as const, error: 'Tema inválido.' }, { status: 400 })
	}
	const headers = { 'Set-Cookie': serializeThemeCookie(parsed.data.theme) }
	const back = safeRedirectPath(parsed.data.redirectTo)
	if (back) throw redirect(back, { headers })
	return data({ ok: true as const, theme: parsed.data.theme }, { headers })
}

// A GET (someone typing the URL) has nothing to show: send them home.
export function loader() {
	return redirect('/')
}
