import { FilterIcon } from '~/components/icons/lucide'
import { Form, Link } from 'react-router'
import { AdminPage, NativeSelect, TableBox, td, th } from '~/components/admin/admin-page'
import { PageNav } from '~/components/admin/page-nav'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { ActivityKind } from '~/db/schema/activity'
import { type ActivityEntry, activityActors, listActivity, parseActivityQuery } from '~/server/activity/activity-log.server'
import { requireAdmin } from '~/server/auth/guards.server'
import { getStoreSettings } from '~/server/settings.server'
import { ACTIVITY_KIND_LABELS, SYSTEM_ACTOR } from '~/utils/activity-labels'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/activity'

/**
 * /admin/atividade (issue 30, decision 095): who changed what in the back-office, newest first,
 * filtered by kind, person and date range (São Paulo days), 50 a page. Read only: this route has
 * no action, and nothing in the app edits or deletes an entry (only the retention purge).
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Atividade', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const query = parseActivityQuery(new URL(request.url).searchParams)
	const [page, actors, settings] = await Promise.all([listActivity(query), activityActors(), getStoreSettings()])
	return { ...page, actors, query, retentionDays: settings.activityLogRetentionDays }
}

function Changes({ entry }: { entry: ActivityEntry }) {
	if (entry.changes.length === 0) return <span className="text-muted-foreground">—</span>
	return (
		<ul className="space-y-0.5">
			{entry.changes.map((change) => (
				<li key={change.field} className="break-words">
					<span className="font-medium">{change.label}:</span> <span className="text-muted-foreground">{change.before}</span>
					<span aria-hidden="true"> → </span>
					<span className="sr-only"> para </span>
					<span>{change.after}</span>
				</li>
			))}
		</ul>
	)
}

function Subject({ entry }: { entry: ActivityEntry }) {
	return (
		<>
			{entry.link ? (
				<Link to={entry.link} className="font-medium text-primary underline-offset-4 hover:underline">
					{entry.subject}
				</Link>
			) : (
				<span className="font-medium">{entry.subject}</span>
			)}
			{entry.customer ? <div className="text-muted-foreground">Cliente: {entry.customer}</div> : null}
		</>
	)
}

export default function ActivityAdmin({ loaderData }: Route.ComponentProps) {
	const { entries, total, pages, query, actors, rangeError, retentionDays } = loaderData
	const filters = Object.fromEntries(
		Object.entries({ tipo: query.tipo, pessoa: query.pessoa, de: query.de, ate: query.ate }).filter(([, value]) => value !== ''),
	)
	const pageLink = (page: number) => `?${new URLSearchParams({ ...filters, pagina: String(page) })}`
	return (
		<AdminPage
			title="Atividade"
			description={`Quem mudou o quê no painel: preços, estoque, configurações, pedidos, devoluções, papéis, avaliações e fotos. Os registros ficam guardados por ${retentionDays} dias e não podem ser alterados.`}
		>
			<Form method="get" role="search" aria-label="Filtrar atividade" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
				<div className="space-y-1">
					<Label htmlFor="atividade-tipo">Tipo</Label>
					<NativeSelect id="atividade-tipo" name="tipo" defaultValue={query.tipo}>
						<option value="">Todos os tipos</option>
						{(Object.keys(ACTIVITY_KIND_LABELS) as ActivityKind[]).map((kind) => (
							<option key={kind} value={kind}>
								{ACTIVITY_KIND_LABELS[kind]}
							</option>
						))}
					</NativeSelect>
				</div>
				<div className="space-y-1">
					<Label htmlFor="atividade-pessoa">Pessoa</Label>
					<NativeSelect id="atividade-pessoa" name="pessoa" defaultValue={query.pessoa}>
						<option value="">Todas as pessoas</option>
						{actors.map((actor) => (
							<option key={actor.id} value={actor.id}>
								{actor.email}
							</option>
						))}
						<option value={SYSTEM_ACTOR}>Sistema (pagamentos e tarefas automáticas)</option>
					</NativeSelect>
				</div>
				<div className="space-y-1">
					<Label htmlFor="atividade-de">De</Label>
					<Input id="atividade-de" name="de" type="date" defaultValue={query.de} />
				</div>
				<div className="space-y-1">
					<Label htmlFor="atividade-ate">Até</Label>
					<Input id="atividade-ate" name="ate" type="date" defaultValue={query.ate} aria-describedby="atividade-datas-erro" />
				</div>
				<Button type="submit" variant="outline">
					<FilterIcon aria-hidden="true" />
					Filtrar
				</Button>
			</Form>
			<p id="atividade-datas-erro" className="mt-2 min-h-5 text-sm text-destructive" aria-live="polite">
				{rangeError ?? ''}
			</p>
			<p className="text-sm text-muted-foreground" aria-live="polite">
				{total.toLocaleString('pt-BR')} registro(s)
				{Object.keys(filters).length > 0 ? (
					<>
						{' · '}
						<Link to="/admin/atividade" className="text-primary underline-offset-4 hover:underline">
							Limpar filtros
						</Link>
					</>
				) : null}
			</p>
			{entries.length === 0 ? (
				<p className="mt-6 text-muted-foreground">Nenhuma atividade encontrada.</p>
			) : (
				<>
					{/* 375 px: one card per entry. */}
					<ol className="mt-3 grid gap-3 md:hidden" aria-label="Atividade">
						{entries.map((entry) => (
							<li key={entry.id} className="rounded-lg border p-3 text-sm" data-testid="atividade-cartao">
								<div className="flex flex-wrap items-baseline justify-between gap-2">
									<span className="font-semibold">{entry.kindLabel}</span>
									<time className="text-muted-foreground">{entry.at}</time>
								</div>
								<div className="mt-1">
									<Subject entry={entry} />
								</div>
								<div className="mt-2">
									<Changes entry={entry} />
								</div>
								<div className="mt-2 break-all text-muted-foreground">
									Por {entry.actor}
									{entry.ip ? ` · ${entry.ip}` : ''}
								</div>
							</li>
						))}
					</ol>
					<div className="mt-3 hidden md:block">
						<TableBox label="Atividade">
							<table className="w-full text-sm">
								<thead className="bg-muted/50">
									<tr>
										{['Quando', 'Tipo', 'O quê', 'Antes → depois', 'Quem', 'Endereço IP'].map((label) => (
											<th key={label} className={th} scope="col">
												{label}
											</th>
										))}
									</tr>
								</thead>
								<tbody className="divide-y">
									{entries.map((entry) => (
										<tr key={entry.id} data-testid="atividade-linha">
											<td className={`${td} whitespace-nowrap`}>{entry.at}</td>
											<td className={`${td} whitespace-nowrap`}>{entry.kindLabel}</td>
											<td className={td}>
												<Subject entry={entry} />
											</td>
											<td className={`${td} min-w-64`}>
												<Changes entry={entry} />
											</td>
											<td className={`${td} break-all`}>{entry.actor}</td>
											<td className={`${td} break-all font-mono text-xs`}>{entry.ip ?? '—'}</td>
										</tr>
									))}
								</tbody>
							</table>
						</TableBox>
					</div>
				</>
			)}
			<PageNav page={query.pagina} pages={pages} linkTo={pageLink} />
		</AdminPage>
	)
}
