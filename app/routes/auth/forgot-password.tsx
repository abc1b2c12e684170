import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { AuthShell, FieldError } from '~/components/auth/auth-shell'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { requestPasswordReset } from '~/server/auth/accounts.server'
import { readFormData } from '~/server/read-form.server'
import { authMessages as messages, emailSchema } from '~/utils/auth-validation'
import { pageTitle } from '~/utils/meta'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/forgot-password'

/**
 * /auth/esqueci-senha — asks for a reset link. The answer is the same whether or not the
 * e-mail has an account, so the page cannot be used to find out who is a customer.
 */
const ForgotPasswordSchema = z.object({
	email: emailSchema,
})

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Esqueci minha senha', matches) }]

// Loader and action headers (Cache-Control, Retry-After) reach the client only through this.
export const headers = routeHeaders(PRIVATE_NO_STORE)

export async function action({ request }: Route.ActionArgs) {
	const submission = parseWithZod(await readFormData(request), { schema: ForgotPasswordSchema })
	if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 })
	await requestPasswordReset(submission.value.email)
	return { result: submission.reply(), sent: true }
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting'
	const [form, fields] = useForm<z.input<typeof ForgotPasswordSchema>>({ lastResult: actionData?.result, shouldRevalidate: 'onInput' })
	const { key, ...emailProps } = getInputProps(fields.email, { type: 'email' })
	return (
		<AuthShell title="Esqueci minha senha" description="Informe o email da sua conta. Enviaremos um link para você criar uma nova senha.">
			<Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.email.id}>Email</Label>
					<Input key={key} {...emailProps} autoComplete="email" required placeholder="seu@email.com" />
					<FieldError id={fields.email.errorId} errors={fields.email.errors} />
				</div>
				<div role="status" className="text-sm">
					{actionData?.sent ? <p className="rounded-md bg-muted p-3 text-foreground">{messages.resetRequested}</p> : null}
				</div>
				<Button type="submit" className="mt-2" disabled={submitting}>
					{submitting ? 'Enviando...' : 'Enviar link'}
				</Button>
				<p className="mt-2 text-center text-sm">
					<Link to="/auth" className="text-primary underline-offset-4 hover:underline">
						Voltar para o login
					</Link>
				</p>
			</Form>
		</AuthShell>
	)
}
