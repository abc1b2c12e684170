import { DownloadIcon, LogOutIcon, Trash2Icon } from 'lucide-react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { DELETE_ACCOUNT_MESSAGES, deleteAccount } from '~/server/account/delete-account.server'
import { requireUser } from '~/server/auth/guards.server'
import { clearSessionCookie } from '~/server/auth/session.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/settings'

/**
 * /user/settings 'Configurações' (document 001 §2): the 'Conta' card with 'Sair da Conta' (to /),
 * and, beyond the documents, 'Baixar meus dados' and 'Excluir minha conta' (LGPD, issue 10).
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Configurações', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	return { email: user.email }
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const form = await readFormData(request)
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
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
	const errors = answer && !answer.ok ? answer.errors : {}
	const deleting = useNavigation().state === 'submitting'
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
