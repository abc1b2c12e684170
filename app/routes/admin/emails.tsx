import { sql } from 'drizzle-orm'
import { Link } from 'react-router'
import { z } from 'zod'
import { AdminPage } from '~/components/admin/admin-page'
import { requireAdmin } from '~/server/auth/guards.server'
import { queryRows } from '~/server/db.server'
import { formatDateTime } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/emails'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('E-mails', matches) }]

/**
 * /admin/emails: the outbox (decision 17). Without SMTP every message the shop sends
 * (confirmations, password resets, order e-mails) is only stored, so the owner reads them here.
 */
export const EMAILS_PAGE_SIZE = 30

const STATUS_LABELS: Record<string, string> = { stored: 'Guardado', sent: 'Enviado', failed: 'Falhou' }

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const page = z.coerce.number().int().min(1).max(100_000).catch(1).parse(new URL(request.url).searchParams.get('page') ?? 1)
	const [rows, [count]] = await Promise.all([
		queryRows<{
			id: string
			to: string
			subject: string
			text: string
			status: string
			error: string | null
			created_at: string | Date
		}>(
			sql`select id, "to", subject, text, status, error, created_at from mail_outbox
				order by created_at desc, id desc limit ${EMAILS_PAGE_SIZE} offset ${(page - 1) * EMAILS_PAGE_SIZE}`,
		),
		queryRows<{ n: number }>(sql`select count(*)::int as n from mail_outbox`),
	])
	return {
		page,
		pageCount: Math.max(1, Math.ceil((count?.n ?? 0) / EMAILS_PAGE_SIZE)),
		total: count?.n ?? 0,
		emails: rows.map((m) => ({
			id: m.id,
			to: m.to,
			subject: m.subject,
			text: m.text,
			status: STATUS_LABELS[m.status] ?? m.status,
			error: m.error,
			at: formatDateTime(m.created_at),
		})),
	}
}

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
	const { emails, page, pageCount, total } = loaderData
	return (
		<AdminPage
			title="E-mails"
			description="Mensagens enviadas pela loja. Sem SMTP configurado, elas ficam guardadas aqui."
		>
			<p className="text-sm text-muted-foreground" role="status">
				{total === 1 ? '1 e-mail' : `${total} e-mails`}
			</p>
			{emails.length === 0 ? (
				<p className="mt-4 rounded-lg border p-6 text-center text-muted-foreground">Nenhum e-mail ainda.</p>
			) : (
				<ul className="mt-2 grid gap-3" aria-label="Caixa de saída">
					{emails.map((m) => (
						<li key={m.id} className="rounded-lg border">
							<details>
								<summary className="cursor-pointer list-item p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring">
									<span className="font-medium">{m.subject}</span>
									<span className="block text-sm break-all text-muted-foreground">
										Para {m.to} · {m.at} · {m.status}
									</span>
								</summary>
								<div className="border-t p-3">
									{m.error ? <p className="mb-2 text-sm text-destructive">Erro: {m.error}</p> : null}
									<pre className="text-sm break-words whitespace-pre-wrap">{m.text}</pre>
								</div>
							</details>
						</li>
					))}
				</ul>
			)}
			{pageCount > 1 ? (
				<nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-2 text-sm">
					{page > 1 ? (
						<Link to={`/admin/emails?page=${page - 1}`} className="text-primary hover:underline">
							← Mais recentes
						</Link>
					) : (
						<span />
					)}
					<span>
						Página {page} de {pageCount}
					</span>
					{page < pageCount ? (
						<Link to={`/admin/emails?page=${page + 1}`} className="text-primary hover:underline">
							Mais antigos →
						</Link>
					) : (
						<span />
					)}
				</nav>
			) : null}
		</AdminPage>
	)
}
