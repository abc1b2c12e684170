import { data, Link, useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { maskPhone } from '~/utils/input-masks'
import { CredentialForms } from '~/components/account/credential-forms'
import { changePassword, requestEmailChange } from '~/server/account/credentials.server'
import { PROFILE_MESSAGES, type ProfileValues, getProfile, saveProfile } from '~/server/account/profile.server'
import { requireUser } from '~/server/auth/guards.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders } from '~/server/toast.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/profile'

/**
 * /user/profile 'Meu Perfil' (document 001 §2): the customer's own name, phone and Instagram.
 * The pet and breed the document lists here live in Meus Pets, asked once (issue 31, decision 101).
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Meu Perfil', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	return { profile: await getProfile(user.id), email: user.email }
}

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const form = await readFormData(request)
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	// The e-mail and password forms (issue 10); without an intent, the profile form.
	const intent = text('intent')
	if (intent === 'email' || intent === 'password') {
		const result =
			intent === 'email'
				? await requestEmailChange(user.id, { newEmail: text('newEmail'), currentPassword: text('currentPassword') })
				: await changePassword(user.id, request, {
						currentPassword: text('currentPassword'),
						newPassword: text('newPassword'),
						confirmPassword: text('confirmPassword'),
					})
		if (!result.ok) {
			const title = intent === 'email' ? 'Erro ao alterar e-mail' : 'Erro ao alterar senha'
			return data(result, {
				status: 400,
				headers: createToastHeaders({ type: 'error', title, description: Object.values(result.errors)[0] }),
			})
		}
		return data(result, { headers: createToastHeaders({ type: 'success', title: result.message }) })
	}
	const result = await saveProfile(user.id, {
		fullName: text('fullName'),
		phone: text('phone'),
		instagramHandle: text('instagramHandle'),
	})
	if (!result.ok) {
		return data(result, {
			status: 400,
			headers: createToastHeaders({ type: 'error', title: PROFILE_MESSAGES.failed, description: Object.values(result.errors)[0] }),
		})
	}
	return data(result, { headers: createToastHeaders({ type: 'success', title: PROFILE_MESSAGES.saved }) })
}

const FIELDS: { name: keyof ProfileValues; label: string; placeholder?: string; autoComplete?: string; inputMode?: 'tel' }[] = [
	{ name: 'fullName', label: 'Nome Completo', autoComplete: 'name' },
	{ name: 'phone', label: 'Telefone', placeholder: '(00) 00000-0000', autoComplete: 'tel', inputMode: 'tel' },
	{ name: 'instagramHandle', label: 'Instagram', placeholder: '@seu_instagram' },
]

export default function Profile({ loaderData }: Route.ComponentProps) {
	const fetcher = useFetcher<{ ok: boolean; errors?: Partial<Record<keyof ProfileValues, string>> }>()
	const saving = fetcher.state !== 'idle'
	const errors = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {}
	return (
		<main className="mx-auto w-full max-w-3xl p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">Meu Perfil</h1>
			<p className="mt-1 break-words text-muted-foreground">{loaderData.email}</p>
			<Card className="mt-6">
				<CardHeader>
					<CardTitle>
						<h2>Seus dados</h2>
					</CardTitle>
				</CardHeader>
				<CardContent>
					<fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
						{FIELDS.map((field) => {
							const error = errors[field.name]
							const id = `perfil-${field.name}`
							return (
								<div key={field.name} className={field.name === 'fullName' ? 'space-y-2 sm:col-span-2' : 'space-y-2'}>
									<Label htmlFor={id}>{field.label}</Label>
									<Input
										id={id}
										name={field.name}
										defaultValue={loaderData.profile[field.name]}
										placeholder={field.placeholder}
										autoComplete={field.autoComplete}
										inputMode={field.inputMode}
										aria-invalid={error ? true : undefined}
										aria-describedby={error ? `${id}-erro` : undefined}
										onChange={
											field.name === 'phone' ? (event) => (event.currentTarget.value = maskPhone(event.currentTarget.value)) : undefined
										}
									/>
									{error ? (
										<p id={`${id}-erro`} className="text-sm text-destructive">
											{error}
										</p>
									) : null}
								</div>
							)
						})}
						<div className="sm:col-span-2">
							<Button type="submit" disabled={saving}>
								{saving ? 'Salvando...' : 'Salvar Alterações'}
							</Button>
						</div>
					</fetcher.Form>
				</CardContent>
			</Card>
			<p className="mt-4 text-sm text-muted-foreground">
				Os dados dos seus pets (nome, raça, medidas e aniversário) ficam em{' '}
				<Link to="/user/pets" className="font-medium text-primary underline underline-offset-4">
					Meus Pets
				</Link>
				.
			</p>
			<CredentialForms />
		</main>
	)
}
