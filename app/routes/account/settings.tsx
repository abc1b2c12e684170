import { BellIcon, DownloadIcon, LogOutIcon, Trash2Icon } from '~/components/icons/lucide'
import { data, Form, useActionData, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { DELETE_ACCOUNT_MESSAGES, deleteAccount } from '~/server/account/delete-account.server'
import { requireUser } from '~/server/auth/guards.server'
import { clearSessionCookie } from '~/server/auth/session.server'
import { getCartReminderConsent, grantCartReminderConsent, withdrawCartReminderConsent } from '~/server/cart-reminders/consent.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { CART_REMINDER_CONSENT_TEXT } from '~/utils/cart-reminder-copy'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/settings'

/**
 * /user/settings 'Configurações' (document 001 §2): the 'Conta' card with 'Sair da Conta' (to /),
 * and, beyond the documents, 'Baixar meus dados' and 'Excluir minha conta' (LGPD, issue 10), and
 * the abandoned-cart reminder's consent (issue 31, decision 121): off until she ticks it.
 */

/** The form's intent for the reminder's consent; a form without one is the account deletion, as before. */
export const REMINDER_INTENT = 'lembrete-carrinho'

export const REMINDER_TOASTS = {
	on: 'Lembrete de carrinho ativado',
	off: 'Lembrete de carrinho desativado',
} as const

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Configurações', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const consent = await getCartReminderConsent(user.id)
	return { email: user.email, cartReminder: consent ? { since: consent.grantedAt.toISOString() } : null }
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireUser(request)
	const form = await readFormData(request)
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	if (text('intent') === REMINDER_INTENT) {
		// The checkbox's state is the answer: ticked records a consent (when, IP, the sentence), unticked withdraws it.
		const wanted = text('lembrete') === 'sim'
		if (wanted) await grantCartReminderConsent(user.id, { ip: context.clientIp, source: 'configuracoes' })
		else await withdrawCartReminderConsent(user.id, 'configuracoes')
		return data(
			{ ok: true as const, errors: {} as Record<string, string> },
			{ headers: createToastHeaders({ type: 'success', title: wanted ? REMINDER_TOASTS.on : REMINDER_TOASTS.off }) },
		)
	}
	const result = await deleteAccount(user.id, { password: text('password'), confirm: text('confirm') })
	if (!result.ok) {
		return data(result, {
			status: 400,
			headers: createToastHeaders({ type: 'error', title: 'Erro ao excluir conta', description: Object.values(result.errors)[0] }),
		})
	}
	// The session rows went with the account; the cookie goes too.
	return redirectWithToast(
		'/',
		{ type: 'success', title: DELETE_ACCOUNT_MESSAGES.deleted },
		{ headers: { 'Set-Cookie': clearSessionCookie() } },
	)
}

export default function Settings({ loaderData }: Route.ComponentProps) {
	const answer = useActionData<typeof action>()
	const errors: Record<string, string | undefined> = answer && !answer.ok ? answer.errors : {}
	const navigation = useNavigation()
	const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') !== REMINDER_INTENT
	const savingReminder = navigation.state !== 'idle' && navigation.formData?.get('intent') === REMINDER_INTENT
	return (
		<main className="mx-auto w-full max-w-3xl space-y-6 p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">Configurações</h1>
			<Card>
				<CardHeader>
					<CardTitle>
						<h2>Conta</h2>
					</CardTitle>
					<CardDescription className="break-words">{loaderData.email}</CardDescription>
				</CardHeader>
				<CardContent>
					{/* No 'origem': signing out from here returns to the shop (document 001 §4). */}
					<Form method="post" action="/logout">
						<Button type="submit" variant="outline">
							<LogOutIcon aria-hidden="true" />
							Sair da Conta
						</Button>
					</Form>
				</CardContent>
			</Card>
			<Card>
				<CardHeader>
					<CardTitle>
						<h2>Seus dados</h2>
					</CardTitle>
					<CardDescription>Baixe tudo o que a loja guarda sobre você (pedidos, perfil, fotos, pontos), em um arquivo JSON.</CardDescription>
				</CardHeader>
				<CardContent>
					<Button asChild variant="outline">
						<a href="/user/settings/dados.json" download>
							<DownloadIcon aria-hidden="true" />
							Baixar meus dados
						</a>
					</Button>
				</CardContent>
			</Card>
			<Card data-testid="lembrete-carrinho">
				<CardHeader>
					<CardTitle>
						<h2>Lembretes por e-mail</h2>
					</CardTitle>
					<CardDescription>
						Se você deixar produtos no carrinho, mandamos um único e-mail algumas horas depois, com um botão para voltar a ele. Você pode
						desligar quando quiser, aqui ou pelo link do próprio e-mail.
					</CardDescription>
				</CardHeader>
				<CardContent>
					{/* key: after saving, the checkbox starts again from what the server recorded. */}
					<Form method="post" className="space-y-4" key={loaderData.cartReminder?.since ?? 'desligado'}>
						<input type="hidden" name="intent" value={REMINDER_INTENT} />
						<label className="flex items-start gap-2 text-sm">
							<input
								type="checkbox"
								name="lembrete"
								value="sim"
								defaultChecked={loaderData.cartReminder !== null}
								className="mt-0.5 size-4"
							/>
							{CART_REMINDER_CONSENT_TEXT}
						</label>
						{loaderData.cartReminder ? (
							<p className="text-sm text-muted-foreground">
								Ativado em {new Date(loaderData.cartReminder.since).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}.
							</p>
						) : null}
						<Button type="submit" variant="outline" disabled={savingReminder}>
							<BellIcon aria-hidden="true" />
							{savingReminder ? 'Salvando...' : 'Salvar preferência'}
						</Button>
					</Form>
				</CardContent>
			</Card>
			<Card className="border-destructive/50">
				<CardHeader>
					<CardTitle>
						<h2>Excluir minha conta</h2>
					</CardTitle>
					<CardDescription>
						Apagamos seu perfil, fotos, favoritos e pontos. Os pedidos ficam guardados sem seus dados pessoais, como a lei exige para a
						contabilidade. Esta ação não pode ser desfeita.
					</CardDescription>
				</CardHeader>
				<CardContent>
					<Form method="post" className="space-y-4" noValidate>
						<div className="space-y-2">
							<Label htmlFor="excluir-senha">Sua senha</Label>
							<Input
								id="excluir-senha"
								name="password"
								type="password"
								autoComplete="current-password"
								aria-invalid={errors.password ? true : undefined}
								aria-describedby={errors.password ? 'excluir-senha-erro' : undefined}
								className="max-w-sm"
							/>
							{errors.password ? (
								<p id="excluir-senha-erro" className="text-sm text-destructive">
									{errors.password}
								</p>
							) : null}
						</div>
						<div className="space-y-1">
							<label className="flex items-start gap-2 text-sm">
								<input
									type="checkbox"
									name="confirm"
									className="mt-0.5 size-4"
									aria-describedby={errors.confirm ? 'excluir-confirmar-erro' : undefined}
								/>
								Entendo que minha conta será excluída para sempre.
							</label>
							{errors.confirm ? (
								<p id="excluir-confirmar-erro" className="text-sm text-destructive">
									{errors.confirm}
								</p>
							) : null}
						</div>
						<Button type="submit" variant="destructive" disabled={deleting}>
							<Trash2Icon aria-hidden="true" />
							{deleting ? 'Excluindo...' : 'Excluir minha conta'}
						</Button>
					</Form>
				</CardContent>
			</Card>
		</main>
	)
}
