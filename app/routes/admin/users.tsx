import { SearchIcon } from '~/components/icons/lucide'
import { Form, Link } from 'react-router'
import { PageNav } from '~/components/admin/page-nav'
import { AdminPage, TableBox, td, th } from '~/components/admin/admin-page'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { formatPhone } from '~/commerce/rules/phone'
import { requireAdmin } from '~/server/auth/guards.server'
import { listUsers, userListQuerySchema, userTotals } from '~/server/admin-users/users.server'
import { formatDate } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/users'

/**
 * /admin/users (document 001 §2 'Users admin', issue 10): totals and the accounts table,
 * searched and paged on the server; each e-mail opens the account's detail page.
 */

/** document 001 §8: the accounts could not be read. */
export const USERS_LOAD_ERROR = 'Erro ao carregar usuários'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [{ title: pageTitle(loaderData ? 'Usuários' : USERS_LOAD_ERROR, matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const params = new URL(request.url).searchParams
	const query = userListQuerySchema.parse({ q: params.get('q') ?? '', pagina: params.get('pagina') ?? 1 })
	const [totals, list] = await Promise.all([userTotals(), listUsers(query)])
	return { totals, ...list, query }
}

export default function UsersAdmin({ loaderData }: Route.ComponentProps) {
	const { totals, rows, total, pages, query } = loaderData
	const pageLink = (page: number) => `?${new URLSearchParams({ ...(query.q ? { q: query.q } : {}), pagina: String(page) })}`
	return (
		<AdminPage title="Usuários" description="Clientes e administradores da loja.">
			<dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
				{(
					[
						['Total de usuários', totals.total],
						['Administradores', totals.admins],
						['Novos nos últimos 30 dias', totals.newLast30Days],
					] as const
				).map(([label, value]) => (
					<div key={label} className="rounded-lg border p-4">
						<dt className="text-sm text-muted-foreground">{label}</dt>
						<dd className="text-2xl font-bold">{value.toLocaleString('pt-BR')}</dd>
					</div>
				))}
			</dl>
			<Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
				<label htmlFor="busca-usuarios" className="sr-only">
					Buscar usuários
				</label>
				<Input id="busca-usuarios" name="q" type="search" defaultValue={query.q} placeholder="E-mail, nome, pet, telefone ou Instagram" />
				<Button type="submit" variant="outline">
					<SearchIcon aria-hidden="true" />
					Buscar
				</Button>
			</Form>
			<p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
				{query.q ? `${total.toLocaleString('pt-BR')} resultado(s) para “${query.q}”` : `${total.toLocaleString('pt-BR')} usuário(s)`}
			</p>
			{rows.length === 0 ? (
				<p className="mt-6 text-muted-foreground">Nenhum usuário encontrado.</p>
			) : (
				<div className="mt-3">
					<TableBox label="Usuários">
						<table className="w-full text-sm">
							<thead className="bg-muted/50">
								<tr>
									{['E-mail', 'Nome', 'Pet', 'Telefone', 'Instagram', 'Nível', 'Pontos', 'Papel', 'Cadastro'].map((label) => (
										<th key={label} className={th} scope="col">
											{label}
										</th>
									))}
								</tr>
							</thead>
							<tbody className="divide-y">
								{rows.map((row) => (
									<tr key={row.id} data-testid="linha-usuario">
										<td className={td}>
											<Link to={`/admin/users/${row.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
												{row.email}
											</Link>
										</td>
										<td className={td}>{row.fullName ?? '—'}</td>
										<td className={td}>{row.petName ?? '—'}</td>
										<td className={`${td} whitespace-nowrap`}>{row.phone ? formatPhone(row.phone) : '—'}</td>
										<td className={td}>
											{row.instagramHandle ? (
												<a
													href={`https://instagram.com/${row.instagramHandle}`}
													target="_blank"
													rel="noopener noreferrer"
													className="text-primary underline-offset-4 hover:underline"
												>
													@{row.instagramHandle}
												</a>
											) : (
												'—'
											)}
										</td>
										<td className={td}>{row.level}</td>
										<td className={td}>{row.totalPoints.toLocaleString('pt-BR')}</td>
										<td className={td}>
											<Badge variant={row.isAdmin ? 'default' : 'secondary'}>{row.isAdmin ? 'Admin' : 'Cliente'}</Badge>
										</td>
										<td className={`${td} whitespace-nowrap`}>{formatDate(row.createdAt)}</td>
									</tr>
								))}
							</tbody>
						</table>
					</TableBox>
				</div>
			)}
			<PageNav page={query.pagina} pages={pages} linkTo={pageLink} />
		</AdminPage>
	)
}

/** A failed load keeps the back-office's menu around the documented 'Erro ao carregar usuários'. */
export function ErrorBoundary() {
	return (
		<AdminPage title="Usuários">
			<div role="alert" className="grid justify-items-start gap-3 rounded-lg border border-destructive p-4">
				<p className="font-medium text-destructive">{USERS_LOAD_ERROR}</p>
				<Button asChild variant="outline">
					<a href="">Tentar Novamente</a>
				</Button>
			</div>
		</AdminPage>
	)
}
