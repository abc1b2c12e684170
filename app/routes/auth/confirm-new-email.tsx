import { Form, useNavigation } from 'react-router'
import { z } from 'zod'
import { AuthShell } from '~/components/auth/auth-shell'
import { Button } from '~/components/ui/button'
import { confirmEmailChange } from '~/server/account/credentials.server'
import { forgetCachedUser, getOptionalUser, homePathFor } from '~/server/auth/guards.server'
import { peekVerificationToken } from '~/server/auth/tokens.server'
import { readFormData } from '~/server/read-form.server'
import { redirectWithToast } from '~/server/toast.server'
import { authMessages } from '~/utils/auth-validation'
import { pageTitle } from '~/utils/meta'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/confirm-new-email'

/**
 * /auth/novo-email?token=… — the link sent to a new address (issue 10). Opening it shows a
 * button; the change happens on the POST, so a mail scanner that fetches links cannot spend
 * the token on the customer's behalf. Works in any browser, signed in or not.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Confirmar novo e-mail', matches) }]

export const headers = routeHeaders(PRIVATE_NO_STORE)

const tokenSchema = z.string().min(1).max(200)

export async function loader({ request }: Route.LoaderArgs) {
	const token = tokenSchema.safeParse(new URL(request.url).searchParams.get('token') ?? '')
	const valid = token.success && (await peekVerificationToken(token.data, 'change_email')) !== null
	return { token: valid && token.success ? token.data : null }
}

export async function action({ request }: Route.ActionArgs) {
	const token = tokenSchema.safeParse((await readFormData(request)).get('token'))
	const result = token.success ? await confirmEmailChange(token.data, request) : { ok: false as const, message: authMessages.invalidToken }
	forgetCachedUser(request)
	const user = await getOptionalUser(request)
	const target = user ? homePathFor(user) : '/auth'
	if (!result.ok)
		return redirectWithToast(target, { type: 'error', title: 'Não foi possível alterar o e-mail', description: result.message })
	return redirectWithToast(target, {
		type: 'success',
		title: 'E-mail alterado com sucesso!',
		description: 'Use o novo e-mail para entrar.',
	})
}

export default function ConfirmNewEmail({ loaderData }: Route.ComponentProps) {
	const busy = useNavigation().state === 'submitting'
	if (!loaderData.token) {
		return (
			<AuthShell title="Confirmar novo e-mail" description={authMessages.invalidToken}>
				<p className="text-sm text-muted-foreground">Peça a troca de novo em Meu Perfil.</p>
			</AuthShell>
		)
	}
	return (
		<AuthShell title="Confirmar novo e-mail" description="Confirme para passar a usar este endereço na sua conta.">
			<Form method="post">
				<input type="hidden" name="token" value={loaderData.token} />
				<Button type="submit" className="w-full" disabled={busy}>
					{busy ? 'Confirmando...' : 'Confirmar novo e-mail'}
				</Button>
			</Form>
		</AuthShell>
	)
}
