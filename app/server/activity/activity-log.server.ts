import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import { ACTIVITY_KINDS, type ActivityKind } from '~/db/schema/activity'
import { queryRows } from '~/server/db.server'
import { ACTIVITY_KIND_LABELS, type ActivityChange, activityChanges, SYSTEM_ACTOR } from '~/utils/activity-labels'
import { formatDateTime } from '~/utils/format'

/**
 * Reading the activity log (issue 30): /admin/atividade's filtered pages and the entries of a
 * customer's LGPD export. Nothing here writes; only recordActivity inserts and only the purge
 * deletes (app/server/jobs/purges.server.ts).
 */

export const ACTIVITY_PAGE_SIZE = 50

const isoDay = z
	.string()
	.regex(/^\d{4}-\d{2}-\d{2}$/)
	.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00-03:00`)) && new Date(`${v}T12:00:00-03:00`).toISOString().startsWith(v))

/** The page's query string: an invalid value is dropped (the filter is off), never an error. */
export const activityQuerySchema = z.object({
	tipo: z.enum(ACTIVITY_KINDS).or(z.literal('')).catch('').default(''),
	pessoa: z.union([z.uuid(), z.literal(SYSTEM_ACTOR), z.literal('')]).catch('').default(''),
	de: isoDay.or(z.literal('')).catch('').default(''),
	ate: isoDay.or(z.literal('')).catch('').default(''),
	pagina: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
})
export type ActivityQuery = z.infer<typeof activityQuerySchema>

export function parseActivityQuery(params: URLSearchParams): ActivityQuery {
	const value = (name: string) => params.get(name) ?? undefined
	return activityQuerySchema.parse({ tipo: value('tipo'), pessoa: value('pessoa'), de: value('de'), ate: value('ate'), pagina: value('pagina') })
}

/** São Paulo has had no daylight saving since 2019: a day there starts at 03:00 UTC. */
function startOfDaySaoPaulo(day: string): string {
	return new Date(`${day}T00:00:00-03:00`).toISOString()
}
function startOfNextDaySaoPaulo(day: string): string {
	return new Date(new Date(`${day}T00:00:00-03:00`).getTime() + 24 * 60 * 60 * 1000).toISOString()
}

export type ActivityEntry = {
	id: string
	at: string
	kind: ActivityKind
	kindLabel: string
	/** The admin's e-mail, 'Sistema' for the shop itself, or 'Conta removida'. */
	actor: string
	ip: string | null
	subject: string
	/** The customer concerned, when there is one and the account still exists. */
	customer: string | null
	link: string | null
	changes: ActivityChange[]
}

type Row = {
	id: string
	created_at: string | Date
	kind: ActivityKind
	actor_id: string | null
	actor_email: string | null
	current_actor_email: string | null
	ip: string | null
	subject_type: string
	subject_id: string | null
	subject_label: string
	subject_user_id: string | null
	customer_email: string | null
	before: unknown
	after: unknown
}

function linkOf(row: Row): string | null {
	if (!row.subject_id) return row.subject_type === 'settings' ? '/admin/configuracoes' : null
	switch (row.subject_type) {
		case 'order':
			return `/admin/pedidos/${row.subject_id}`
		case 'user':
			return `/admin/users/${row.subject_id}`
		case 'product':
			// A deleted product has no page any more.
			return row.after === null ? null : `/admin/produtos/${row.subject_id}`
		default:
			return null
	}
}

export type ActivityPage = {
	entries: ActivityEntry[]
	total: number
	pages: number
	/** A message when the dates are the wrong way round (the filter is still applied as given). */
	rangeError: string | null
}

export async function listActivity(query: ActivityQuery): Promise<ActivityPage> {
	const conditions: SQL[] = []
	if (query.tipo) conditions.push(sql`a.kind = ${query.tipo}`)
	if (query.pessoa === SYSTEM_ACTOR) conditions.push(sql`a.actor_id is null and a.actor_email is null`)
	else if (query.pessoa) conditions.push(sql`a.actor_id = ${query.pessoa}::uuid`)
	if (query.de) conditions.push(sql`a.created_at >= ${startOfDaySaoPaulo(query.de)}::timestamptz`)
	if (query.ate) conditions.push(sql`a.created_at < ${startOfNextDaySaoPaulo(query.ate)}::timestamptz`)
	const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
	const offset = (query.pagina - 1) * ACTIVITY_PAGE_SIZE
	const [rows, [counted]] = await Promise.all([
		queryRows<Row>(sql`
			select a.id, a.created_at, a.kind, a.actor_id, a.actor_email, actor.email as current_actor_email, host(a.ip) as ip,
				a.subject_type, a.subject_id, a.subject_label, a.subject_user_id, customer.email as customer_email, a.before, a.after
			from activity_log a
			left join users actor on actor.id = a.actor_id
			left join users customer on customer.id = a.subject_user_id
			${where}
			order by a.created_at desc, a.seq desc
			limit ${ACTIVITY_PAGE_SIZE} offset ${offset}`),
		queryRows<{ n: number }>(sql`select count(*)::int as n from activity_log a ${where}`),
	])
	const total = counted?.n ?? 0
	return {
		entries: rows.map((row) => ({
			id: row.id,
			at: formatDateTime(row.created_at),
			kind: row.kind,
			kindLabel: ACTIVITY_KIND_LABELS[row.kind],
			actor: row.current_actor_email ?? row.actor_email ?? (row.actor_id === null && row.actor_email === null ? 'Sistema' : 'Conta removida'),
			ip: row.ip,
			subject: row.subject_label,
			customer: row.customer_email,
			link: linkOf(row),
			changes: activityChanges(row.before, row.after),
		})),
		total,
		pages: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
		rangeError: query.de && query.ate && query.de > query.ate ? 'A data inicial é depois da data final.' : null,
	}
}

/** The people who appear in the log (for the 'Pessoa' filter): admins, by e-mail. */
export async function activityActors(): Promise<{ id: string; email: string }[]> {
	return queryRows<{ id: string; email: string }>(sql`
		select distinct on (u.email) u.id, u.email
		from (select distinct actor_id from activity_log where actor_id is not null) a
		join users u on u.id = a.actor_id
		order by u.email`)
}

/**
 * The entries about a customer's own data (their order's status and refunds, their review, their
 * photo, their role), for their LGPD export: when, what, before and after. Who in the back-office
 * made the change and from which address are that person's data, not the customer's: left out.
 */
export async function activityAboutCustomer(userId: string): Promise<Record<string, unknown>[]> {
	const rows = await queryRows<{ created_at: string | Date; kind: ActivityKind; subject_label: string; before: unknown; after: unknown }>(sql`
		select created_at, kind, subject_label, before, after from activity_log
		where subject_user_id = ${userId}::uuid order by created_at, seq`)
	return rows.map((row) => ({
		quando: new Date(row.created_at).toISOString(),
		tipo: ACTIVITY_KIND_LABELS[row.kind],
		assunto: row.subject_label,
		antes: row.before,
		depois: row.after,
	}))
}
