import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'

type Answer = { ok: boolean; errors?: Record<string, string>; message?: string }

function Field({
	form,
	name,
	label,
	type,
	autoComplete,
	error,
}: {
	form: string
	name: string
	label: string
	type: string
	autoComplete: string
	error?: string
}) {
	const id = `${form}-${name}`
	return (
		<div className="space-y-2">
			<Label htmlFor={id}>{label}</Label>
			<Input
				id={id}
				name={name}
				type={type}
				autoComplete={autoComplete}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-erro` : undefined}
			/>
			{error ? (
				<p id={`${id}-erro`} className="text-sm text-destructive">
					{error}
				</p>
			) : null}
		</div>
	)
}

/**
 * One credential form in its card: a fetcher form that empties its password fields once the
 * server accepted it, and shows the server's errors beside the fields.
 */
function CredentialCard({
	intent,
	title,
	description,
	submitLabel,
	busyLabel,
	children,
}: {
	intent: 'email' | 'password'
	title: string
	description: string
	submitLabel: string
	busyLabel: string
	children: (errors: Record<string, string>) => React.ReactNode
}) {
	const fetcher = useFetcher<Answer>()
	const formRef = useRef<HTMLFormElement>(null)
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined
	useEffect(() => {
		if (answer?.ok) formRef.current?.reset()
	}, [answer])
	const errors = answer && !answer.ok ? (answer.errors ?? {}) : {}
	return (
		<Card className="mt-6">
			<CardHeader>
				<CardTitle>
					<h2>{title}</h2>
				</CardTitle>
				<CardDescription>{description}</CardDescription>
			</CardHeader>
			<CardContent>
				<fetcher.Form ref={formRef} method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
					<input type="hidden" name="intent" value={intent} />
					{children(errors)}
					{answer?.ok && answer.message ? (
						<p role="status" className="text-sm sm:col-span-2">
							{answer.message}
						</p>
					) : null}
					<div className="sm:col-span-2">
						<Button type="submit" variant="outline" disabled={fetcher.state !== 'idle'}>
							{fetcher.state !== 'idle' ? busyLabel : submitLabel}
						</Button>
					</div>
				</fetcher.Form>
			</CardContent>
		</Card>
	)
}

/**
 * 'Alterar e-mail' and 'Alterar senha' on 'Meu Perfil' (issue 10): both ask for the current
 * password; the e-mail changes once the link sent to the new address is opened.
 */
export function CredentialForms() {
	return (
		<>
			<CredentialCard
				intent="email"
				title="Alterar e-mail"
				description="Enviaremos um link de confirmação para o novo endereço."
				submitLabel="Alterar e-mail"
				busyLabel="Enviando..."
			>
				{(errors) => (
					<>
						<Field form="email" name="newEmail" label="Novo e-mail" type="email" autoComplete="email" error={errors.newEmail} />
						<Field
							form="email"
							name="currentPassword"
							label="Senha atual"
							type="password"
							autoComplete="current-password"
							error={errors.currentPassword}
						/>
					</>
				)}
			</CredentialCard>
			<CredentialCard
				intent="password"
				title="Alterar senha"
				description="Ao trocar a senha, você sai da conta nos outros aparelhos."
				submitLabel="Alterar senha"
				busyLabel="Salvando..."
			>
				{(errors) => (
					<>
						<div className="sm:col-span-2">
							<Field
								form="senha"
								name="currentPassword"
								label="Senha atual"
								type="password"
								autoComplete="current-password"
								error={errors.currentPassword}
							/>
						</div>
						<Field
							form="senha"
							name="newPassword"
							label="Nova senha"
							type="password"
							autoComplete="new-password"
							error={errors.newPassword}
						/>
						<Field
							form="senha"
							name="confirmPassword"
							label="Confirmar nova senha"
							type="password"
							autoComplete="new-password"
							error={errors.confirmPassword}
						/>
					</>
				)}
			</CredentialCard>
		</>
	)
}
