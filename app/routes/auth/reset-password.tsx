import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { AuthShell, FieldError } from '~/components/auth/auth-shell'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { resetPassword } from '~/server/auth/accounts.server'
import { clearSessionCookie } from '~/server/auth/session.server'
import { peekVerificationToken } from '~/server/auth/tokens.server'
import { readFormData } from '~/server/read-form.server'
import { redirectWithToast } from '~/server/toast.server'
import { authMessages as messages, newPasswordSchema } from '~/utils/auth-validation'
import { pageTitle } from '~/utils/meta'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/reset-password'
import { userText } from '~/utils/text-schema'

/**
 * /auth/redefinir-senha?token=… — the link in the reset e-mail. The token is checked when
 * the page opens (to say early that a link expired) and spent only when the form is sent.
 */
const ResetPasswordSchema = z
	.object({
		token: userText({ error: messages.invalidToken }).max(200, messages.invalidToken),
		password: newPasswordSchema,
		confirmPassword: userText({ error: 'Repita a nova senha.' }),
	})
	.refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDiffer })

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Redefinir senha', matches) }]

// Loader and action headers (Cache-Control, Retry-After) reach the client only through this.
export const headers = routeHeaders(PRIVATE_NO_STORE)

export async function loader({ request }: Route.LoaderArgs) {
	const token = (new URL(request.url).searchParams.get('token') ?? '').slice(0, 200)
	const valid = token !== '' && (await peekVerificationToken(token, 'reset_password')) !== null
	return { token: valid ? token : null }
}

export async function action({ request }: Route.ActionArgs) {
	const submission = parseWithZod(await readFormData(request), { schema: ResetPasswordSchema })
	const hideFields = ['password', 'confirmPassword']
	if (submission.status !== 'success') return data(submission.reply({ hideFields }), { status: 400 })
	const result = await resetPassword(submission.value.token, submission.value.password)
	if (!result.ok) {
		const reply =
			result.field === 'password'
				? submission.reply({ fieldErrors: { password: [result.message] }, hideFields })
				: submission.reply({ formErrors: [result.message], hideFields })
		return data(reply, { status: 400 })
	}
	// Every session of the account was ended, this browser's included.
	return redirectWithToast(
		'/auth',
		{ type: 'success', title: 'Senha redefinida com sucesso!', description: 'Faça login com a nova senha.' },
		{ headers: { 'Set-Cookie': clearSessionCookie() } },
	)
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting'
	const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({ lastResult: actionData, shouldRevalidate: 'onInput' })
	const { key: passwordKey, ...passwordProps } = getInputProps(fields.password, { type: 'password' })
	const { key: confirmKey, ...confirmProps } = getInputProps(fields.confirmPassword, { type: 'password' })

	if (!loaderData.token) {
		return (
			<AuthShell title="Redefinir senha">
				<p role="alert" className="mb-4 text-sm text-destructive">
					{messages.invalidToken}
				</p>
				<Button asChild className="w-full">
					<Link to="/auth/esqueci-senha">Pedir um novo link</Link>
				</Button>
			</AuthShell>
		)
	}

	return (
		<AuthShell title="Redefinir senha" description="Escolha uma nova senha com pelo menos 8 caracteres.">
			<Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
				<input type="hidden" name="token" value={loaderData.token} />
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.password.id}>Nova senha</Label>
					<Input key={passwordKey} {...passwordProps} autoComplete="new-password" required />
					<FieldError id={fields.password.errorId} errors={fields.password.errors} />
				</div>
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.confirmPassword.id}>Confirme a nova senha</Label>
					<Input key={confirmKey} {...confirmProps} autoComplete="new-password" required />
					<FieldError id={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} />
				</div>
				{form.errors?.length ? (
					<p id={form.errorId} role="alert" className="text-sm font-medium text-destructive">
						{form.errors[0]}{' '}
						<Link to="/auth/esqueci-senha" className="underline">
							Pedir um novo link
						</Link>
					</p>
				) : null}
				<Button type="submit" className="mt-2" disabled={submitting}>
					{submitting ? 'Salvando...' : 'Salvar nova senha'}
				</Button>
			</Form>
		</AuthShell>
	)
}
