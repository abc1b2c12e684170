import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { AuthShell, FieldError } from '~/components/auth/auth-shell'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { signIn, signUp, startSession } from '~/server/auth/accounts.server'
import { grantCartReminderConsent } from '~/server/cart-reminders/consent.server'
import { homePathFor, requireAnonymous, safeRedirectPath } from '~/server/auth/guards.server'
import { readFormData } from '~/server/read-form.server'
import { readCookie } from '~/server/cookies.server'
import { clearReferralCookie, parseReferralCode, REFERRAL_COOKIE, referralCookie } from '~/server/loyalty/referrals.server'
import { combineHeaders, createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { authMessages as messages, FIRST_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/utils/auth-validation'
import { pageTitle } from '~/utils/meta'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/auth'
import { userText } from '~/utils/text-schema'
import { CART_REMINDER_CONSENT_TEXT } from '~/utils/cart-reminder-copy'

/**
 * /auth — sign in and sign up on one form (document 001 §2 'Login (/auth)', §8). The two
 * buttons submit intent=signin or intent=signup; everything is validated here on the server.
 */
const AuthFormSchema = z
	.object({
		intent: z.enum(['signin', 'signup'], { error: 'Escolha entrar ou criar conta.' }),
		// Kept as typed (trimmed): sign-in and sign-up lower-case it themselves.
		email: userText({ error: messages.emailRequired }).trim().max(254, messages.invalidEmail).pipe(z.email(messages.invalidEmail)),
		password: userText({ error: messages.passwordRequired }).max(PASSWORD_MAX_LENGTH, messages.passwordTooLong),
		// Only for sign-up (issue 31): the account area greets the customer by it.
		firstName: userText().trim().max(FIRST_NAME_MAX_LENGTH, messages.firstNameTooLong).optional(),
		redirectTo: userText().optional(),
		// Sign-up only (issue 31, decision 121): the abandoned-cart reminder's consent, unticked until she ticks it.
		lembrete: z.enum(['sim'], { error: 'Resposta inválida para o lembrete de carrinho.' }).optional(),
	})
	.superRefine((value, ctx) => {
		if (value.intent === 'signup' && !value.firstName) {
			ctx.addIssue({ code: 'custom', path: ['firstName'], message: messages.firstNameRequired })
		}
		if (value.intent === 'signup' && value.password.length < PASSWORD_MIN_LENGTH) {
			ctx.addIssue({ code: 'custom', path: ['password'], message: messages.passwordTooShort })
		}
	})

/** The sign-up toast's second line: she is signed in; the confirmation can wait. */
const SIGNED_UP_DESCRIPTION = 'Enviamos um e-mail para você confirmar o seu endereço.'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Entrar ou criar conta', matches) }]

// Loader and action headers (Cache-Control, Retry-After) reach the client only through this.
export const headers = routeHeaders(PRIVATE_NO_STORE)

export async function loader({ request }: Route.LoaderArgs) {
	await requireAnonymous(request)
	const params = new URL(request.url).searchParams
	// A share link (`/auth?ref=CODE`, issue 10): the code waits in a cookie until the sign-up,
	// so it survives a visit to the shop first. An unknown code is harmless (no referrer found).
	const fromLink = parseReferralCode(params.get('ref'))
	const referred = fromLink !== null || parseReferralCode(readCookie(request, REFERRAL_COOKIE)) !== null
	return data(
		{ redirectTo: safeRedirectPath(params.get('redirectTo')), referred },
		fromLink ? { headers: { 'Set-Cookie': referralCookie(fromLink) } } : undefined,
	)
}

export async function action({ request, context }: Route.ActionArgs) {
	await requireAnonymous(request)
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: AuthFormSchema })
	// The password is never sent back to the page; the e-mail is (nothing typed is lost).
	const hideFields = ['password']

	if (submission.status !== 'success') {
		const isSignUp = formData.get('intent') === 'signup'
		const firstError = Object.values(submission.error ?? {}).flat().find(Boolean)
		return data(submission.reply({ hideFields }), {
			status: 400,
			headers: isSignUp && firstError ? createToastHeaders({ type: 'error', title: 'Erro ao criar conta', description: firstError }) : undefined,
		})
	}

	const { intent, email, password, redirectTo, firstName, lembrete } = submission.value
	// Recorded as the settings page does (the sentence, when, from which address), with its own source.
	const recordReminderConsent = (userId: string) =>
		lembrete === 'sim' ? grantCartReminderConsent(userId, { ip: context.clientIp, source: 'cadastro' }) : Promise.resolve()
	if (intent === 'signup') {
		const carriedCode = readCookie(request, REFERRAL_COOKIE)
		const result = await signUp({ email, password, firstName: firstName ?? '', request, referralCode: parseReferralCode(carriedCode) })
		if (!result.ok) {
			return data(submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields }), {
				status: 400,
				headers: createToastHeaders({ type: 'error', title: 'Erro ao criar conta', description: result.message }),
			})
		}
		// Spent: a second account made in this browser is not the friend's referral too.
		const spentReferral = carriedCode !== null ? { 'Set-Cookie': clearReferralCookie() } : null
		if (result.created) {
			await recordReminderConsent(result.userId)
			// Signed in at once (issue 31, decision 099); the confirmation e-mail is on its way.
			const session = await startSession(result.userId, request, context.clientIp)
			const target = safeRedirectPath(redirectTo) ?? homePathFor(session.user)
			const response = redirectWithToast(target, { type: 'success', title: 'Conta criada com sucesso!', description: SIGNED_UP_DESCRIPTION })
			for (const cookie of [...session.headers.getSetCookie(), ...(spentReferral ? [spentReferral['Set-Cookie']] : [])]) {
				response.headers.append('Set-Cookie', cookie)
			}
			return response
		}
		// The address has an account. Its owner, typing her password, is simply signed in (through
		// the sign-in throttle); anyone else is told the address is taken (decision 099).
		const existing = await signIn({ email, password, ip: context.clientIp, request })
		if (existing.ok) {
			// Her own account (the password proves it): the box she ticked counts.
			await recordReminderConsent(existing.user.id)
			const target = safeRedirectPath(redirectTo) ?? homePathFor(existing.user)
			return redirectWithToast(target, { type: 'success', title: 'Login realizado com sucesso!' }, { headers: existing.headers })
		}
		const limited = existing.reason === 'rate_limited'
		const message = limited ? existing.message : messages.emailTaken
		return data(submission.reply({ formErrors: [message], hideFields }), {
			status: limited ? 429 : 400,
			headers: combineHeaders(
				limited ? { 'Retry-After': String(existing.retryAfterSeconds) } : null,
				createToastHeaders({ type: 'error', title: 'Erro ao criar conta', description: message }),
			),
		})
	}

	const result = await signIn({ email, password, ip: context.clientIp, request })
	if (!result.ok) {
		const limited = result.reason === 'rate_limited'
		return data(submission.reply({ formErrors: [result.message], hideFields }), {
			status: limited ? 429 : 400,
			headers: combineHeaders(
				limited ? { 'Retry-After': String(result.retryAfterSeconds) } : null,
				createToastHeaders({ type: 'error', title: 'Erro ao fazer login', description: result.message }),
			),
		})
	}
	const target = safeRedirectPath(redirectTo) ?? homePathFor(result.user)
	return redirectWithToast(target, { type: 'success', title: 'Login realizado com sucesso!' }, { headers: result.headers })
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submittingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
	const [form, fields] = useForm<z.input<typeof AuthFormSchema>>({ lastResult: actionData, shouldRevalidate: 'onInput' })
	const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: 'email' })
	const { key: passwordKey, ...passwordProps } = getInputProps(fields.password, { type: 'password' })
	const { key: firstNameKey, ...firstNameProps } = getInputProps(fields.firstName, { type: 'text' })

	return (
		<AuthShell title="Entrar ou criar conta" description="Use seu email e senha para acessar sua conta.">
			{loaderData.referred ? (
				<p className="mb-4 rounded-md bg-primary/10 px-3 py-2 text-sm">
					Você foi indicado por um amigo! Crie sua conta e, no seu primeiro pedido, quem indicou ganha pontos.
				</p>
			) : null}
			<Form method="post" {...getFormProps(form)} className="flex flex-col gap-2">
				{loaderData.redirectTo ? <input type="hidden" name="redirectTo" value={loaderData.redirectTo} /> : null}
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.firstName.id}>
						Primeiro nome <span className="font-normal text-muted-foreground">(para criar conta)</span>
					</Label>
					<Input key={firstNameKey} {...firstNameProps} autoComplete="given-name" maxLength={FIRST_NAME_MAX_LENGTH} placeholder="Como podemos te chamar?" />
					<FieldError id={fields.firstName.errorId} errors={fields.firstName.errors} />
				</div>
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.email.id}>Email</Label>
					<Input key={emailKey} {...emailProps} autoComplete="email" required placeholder="seu@email.com" />
					<FieldError id={fields.email.errorId} errors={fields.email.errors} />
				</div>
				<div className="flex flex-col gap-2">
					<Label htmlFor={fields.password.id}>Senha</Label>
					<Input key={passwordKey} {...passwordProps} autoComplete="current-password" required />
					<FieldError id={fields.password.errorId} errors={fields.password.errors} />
				</div>
				{/* Unticked until she ticks it (LGPD); a refused sign-up keeps her answer (the reply's initial value). */}
				<label className="mt-1 flex items-start gap-2 text-sm">
					<input
						key={fields.lembrete.key}
						type="checkbox"
						name={fields.lembrete.name}
						value="sim"
						defaultChecked={fields.lembrete.initialValue === 'sim'}
						aria-invalid={fields.lembrete.errors ? true : undefined}
						className="mt-0.5 size-4"
					/>
					<span>
						{CART_REMINDER_CONSENT_TEXT} <span className="text-muted-foreground">(opcional, ao criar conta)</span>
					</span>
				</label>
				<FieldError id={fields.lembrete.errorId} errors={fields.lembrete.errors} />
				{form.errors?.length ? (
					<p id={form.errorId} role="alert" className="text-sm font-medium text-destructive">
						{form.errors[0]}
					</p>
				) : null}
				<div className="mt-2 flex flex-col gap-3">
					<Button type="submit" name="intent" value="signin" disabled={submittingIntent != null}>
						{submittingIntent === 'signin' ? 'Entrando...' : 'Entrar'}
					</Button>
					<Button type="submit" name="intent" value="signup" variant="outline" disabled={submittingIntent != null}>
						{submittingIntent === 'signup' ? 'Criando conta...' : 'Criar Conta'}
					</Button>
				</div>
				<p className="mt-2 text-center text-sm">
					<Link to="/auth/esqueci-senha" className="text-primary underline-offset-4 hover:underline">
						Esqueci minha senha
					</Link>
				</p>
			</Form>
		</AuthShell>
	)
}
