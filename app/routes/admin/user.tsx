import { data, Form, Link, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminPage, FieldMessage, NativeSelect, TableBox, td, th } from '~/components/admin/admin-page'
import { OrderStatusBadge } from '~/components/admin/order-status-badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { formatPhone } from '~/commerce/rules/phone'
import { requireAdmin } from '~/server/auth/guards.server'
import { actorOf } from '~/server/activity/record.server'
import {
	adjustUserPoints,
	changeUserRole,
	pointAdjustmentSchema,
	roleChangeSchema,
	USER_ADMIN_MESSAGES,
} from '~/server/admin-users/user-actions.server'
import { userDetail } from '~/server/admin-users/users.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { cn } from '~/utils/cn'
import { formatDate, formatDateTime, formatMoney } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/user'

/**
 * /admin/users/:userId (issue 10): one account — profile, orders, points ledger, photos — with
 * the role change (ends the account's sessions) and a manual point adjustment with a reason.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Usuário', matches) }]

export async function loader({ request, params }: Route.LoaderArgs) {
	const admin = await requireAdmin(request)
	const user = await userDetail(params.userId)
	if (!user) throw data(null, { status: 404 })
	// A fresh key per page view: the adjustment form carries it, so a double submit adjusts once.
	return { user, isSelf: user.id === admin.id, adjustmentKey: crypto.randomUUID() }
}

type Answer = { form: 'role' | 'points'; errors: Record<string, string>; values?: Record<string, string> }

const intentSchema = z.enum(['role', 'points'])

export async function action({ request, params, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const target = await userDetail(params.userId)
	if (!target) throw data(null, { status: 404 })
	const form = await readFormData(request)
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const refuse = (answer: Answer, message: string) =>
		data(answer, { status: 400, headers: createToastHeaders({ type: 'error', title: USER_ADMIN_MESSAGES.failed, description: message }) })
	const self = `/admin/users/${target.id}`

	const intent = intentSchema.safeParse(text('intent'))
	if (!intent.success) return refuse({ form: 'role', errors: {} }, 'Ação inválida.')
	if (intent.data === 'role') {
		const parsed = roleChangeSchema.safeParse({ role: text('role') })
		if (!parsed.success)
			return refuse({ form: 'role', errors: { role: parsed.error.issues[0]?.message ?? '' } }, parsed.error.issues[0]?.message ?? '')
		const result = await changeUserRole(admin.id, target.id, parsed.data.role, context.clientIp)
		if (!result.ok) return refuse({ form: 'role', errors: { role: result.message } }, result.message)
		return redirectWithToast(self, { type: 'success', title: result.message })
	}
	const values = { points: text('points'), reason: text('reason'), key: text('key') }
	const points = values.points.trim().replace(/^\+/, '')
	const parsed = pointAdjustmentSchema.safeParse({ ...values, points: /^-?\d{1,9}$/.test(points) ? Number(points) : values.points })
	if (!parsed.success) {
		const errors: Record<string, string> = {}
		for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
		return refuse({ form: 'points', errors, values }, Object.values(errors)[0] ?? '')
	}
	const result = await adjustUserPoints(target.id, parsed.data, actorOf(admin, context))
	return redirectWithToast(self, { type: 'success', title: result.message })
}

export default function UserAdmin({ loaderData }: Route.ComponentProps) {
	const { user, isSelf, adjustmentKey } = loaderData
	const answer = useActionData<typeof action>() as Answer | undefined
	const busy = useNavigation().state === 'submitting'
	const pointsAnswer = answer?.form === 'points' ? answer : undefined
	return (
		<AdminPage title={user.fullName ?? user.email} description={user.fullName ? user.email : undefined}>
			<p className="mb-4 text-sm">
				<Link to="/admin/users" className="text-primary underline-offset-4 hover:underline">
					← Voltar aos usuários
				</Link>
			</p>
			<div className="grid gap-4 lg:grid-cols-3">
				<Card className="lg:col-span-2">
					<CardHeader>
						<CardTitle>
							<h2>Perfil</h2>
						</CardTitle>
					</CardHeader>
					<CardContent>
						<dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
							{(
								[
									['E-mail', `${user.email}${user.emailConfirmed ? '' : ' (não confirmado)'}`],
									['Nome', user.fullName ?? '—'],
									['Telefone', user.phone ? formatPhone(user.phone) : '—'],
									['Instagram', user.instagramHandle ? `@${user.instagramHandle}` : '—'],
									['Pets', user.petName ?? '—'],
									['Cadastro', formatDate(user.createdAt)],
									['Indicado por', user.referredBy ?? '—'],
									['Nível e pontos', `Nível ${user.level} · ${user.totalPoints.toLocaleString('pt-BR')} pontos`],
								] as const
							).map(([label, value]) => (
								<div key={label}>
									<dt className="text-muted-foreground">{label}</dt>
									<dd className="font-medium [overflow-wrap:anywhere]" data-testid={label === 'Nível e pontos' ? 'usuario-pontos' : undefined}>
										{value}
									</dd>
								</div>
							))}
						</dl>
					</CardContent>
				</Card>
				<div className="space-y-4">
					<Card>
						<CardHeader>
							<CardTitle>
								<h2 id="papel">Papel</h2>
							</CardTitle>
						</CardHeader>
						<CardContent>
							<Form method="post" aria-labelledby="papel" className="space-y-2">
								<input type="hidden" name="intent" value="role" />
								<Label htmlFor="role">Papel da conta</Label>
								<NativeSelect
									id="role"
									name="role"
									defaultValue={user.isAdmin ? 'admin' : 'customer'}
									aria-describedby="role-hint role-error"
								>
									<option value="customer">Cliente</option>
									<option value="admin">Administrador</option>
								</NativeSelect>
								<p id="role-hint" className="text-xs text-muted-foreground">
									{isSelf ? 'Esta é a sua conta.' : 'Ao mudar o papel, a conta é desconectada de todos os aparelhos.'}
								</p>
								<FieldMessage id="role-error" message={answer?.form === 'role' ? answer.errors.role : undefined} />
								<Button type="submit" disabled={busy}>
									Salvar papel
								</Button>
							</Form>
						</CardContent>
					</Card>
					<Card>
						<CardHeader>
							<CardTitle>
								<h2 id="ajuste">Ajustar pontos</h2>
							</CardTitle>
						</CardHeader>
						<CardContent>
							<Form method="post" aria-labelledby="ajuste" className="space-y-2" noValidate>
								<input type="hidden" name="intent" value="points" />
								<input type="hidden" name="key" value={pointsAnswer?.values?.key ?? adjustmentKey} />
								<Label htmlFor="points">Pontos (negativo para tirar)</Label>
								<Input
									id="points"
									name="points"
									inputMode="numeric"
									defaultValue={pointsAnswer?.values?.points}
									aria-invalid={pointsAnswer?.errors.points ? true : undefined}
									aria-describedby="points-error"
								/>
								<FieldMessage id="points-error" message={pointsAnswer?.errors.points} />
								<Label htmlFor="reason">Motivo</Label>
								<Input
									id="reason"
									name="reason"
									defaultValue={pointsAnswer?.values?.reason}
									aria-invalid={pointsAnswer?.errors.reason ? true : undefined}
									aria-describedby="reason-error"
								/>
								<FieldMessage id="reason-error" message={pointsAnswer?.errors.reason ?? pointsAnswer?.errors.key} />
								<Button type="submit" disabled={busy}>
									Registrar ajuste
								</Button>
							</Form>
						</CardContent>
					</Card>
				</div>
			</div>

			<section className="mt-6" aria-labelledby="pedidos">
				<h2 id="pedidos" className="mb-2 text-lg font-semibold">
					Pedidos
				</h2>
				{user.orders.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhum pedido.</p>
				) : (
					<TableBox label="Pedidos do usuário">
						<table className="w-full text-sm">
							<thead className="bg-muted/50">
								<tr>
									{['Pedido', 'Data', 'Total', 'Status'].map((label) => (
										<th key={label} className={th} scope="col">
											{label}
										</th>
									))}
								</tr>
							</thead>
							<tbody className="divide-y">
								{user.orders.map((order) => (
									<tr key={order.id}>
										<td className={td}>
											<Link to={`/admin/pedidos/${order.id}`} className="text-primary underline-offset-4 hover:underline">
												{order.reference}
											</Link>
										</td>
										<td className={td}>{formatDateTime(order.createdAt)}</td>
										<td className={td}>{formatMoney(order.totalCents)}</td>
										<td className={td}>
											<OrderStatusBadge status={order.status} />
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableBox>
				)}
			</section>

			<section className="mt-6" aria-labelledby="extrato">
				<h2 id="extrato" className="mb-2 text-lg font-semibold">
					Histórico de pontos
				</h2>
				{user.ledger.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhum ponto ainda.</p>
				) : (
					<ol className="divide-y rounded-md border text-sm">
						{user.ledger.map((entry) => (
							<li key={entry.id} className="flex justify-between gap-3 px-3 py-2" data-testid="extrato-usuario">
								<span className="min-w-0 [overflow-wrap:anywhere]">
									<span className="font-medium">{entry.description}</span>
									<span className="block text-xs text-muted-foreground">{formatDateTime(entry.createdAt)}</span>
								</span>
								<span
									className={cn(
										'shrink-0 font-semibold',
										entry.points >= 0 ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400',
									)}
								>
									{entry.points > 0 ? `+${entry.points}` : String(entry.points)}
								</span>
							</li>
						))}
					</ol>
				)}
			</section>

			<section className="mt-6" aria-labelledby="fotos">
				<h2 id="fotos" className="mb-2 text-lg font-semibold">
					Fotos
				</h2>
				{user.photos.length === 0 ? (
					<p className="text-sm text-muted-foreground">Nenhuma foto enviada.</p>
				) : (
					<ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
						{user.photos.map((photo) => (
							<li key={photo.id} className="space-y-1 text-xs">
								<img
									src={photo.url}
									alt={photo.caption ?? 'Foto do cliente'}
									className="aspect-square w-full rounded-md object-cover"
									loading="lazy"
								/>
								<span className={photo.isApproved ? 'text-green-700 dark:text-green-400' : 'text-muted-foreground'}>
									{photo.isApproved ? 'Aprovada' : 'Aguardando'}
								</span>
							</li>
						))}
					</ul>
				)}
			</section>
		</AdminPage>
	)
}
