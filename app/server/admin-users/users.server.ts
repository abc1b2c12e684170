import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { OrderStatus } from '~/db/schema/orders'
import { queryRows } from '~/server/db.server'
import { userText } from '~/utils/text-schema'

/**
 * /admin/users (document 001 §2 'Users admin', issue 10): totals, and the table of e-mail, name,
 * pet, phone, Instagram, level, points, role and sign-up date, searched and paged on the
 * server so that it holds at 50,000 accounts (one indexed page of 50, one count).
 */

export const USERS_PAGE_SIZE = 50

export const userListQuerySchema = z.object({
	q: userText().trim().max(100).catch(''),
	pagina: z.coerce.number().int().min(1).max(100_000).catch(1),
})
export type UserListQuery = z.infer<typeof userListQuerySchema>

export type AdminUserRow = {
	id: string
	email: string
	fullName: string | null
	petName: string | null
	phone: string | null
	instagramHandle: string | null
	level: number
	totalPoints: number
	isAdmin: boolean
	createdAt: string
}

export async function userTotals(): Promise<{ total: number; admins: number; newLast30Days: number }> {
	const [row] = await queryRows<{ total: number; admins: number; recent: number }>(sql`
		select (select count(*)::int from users) as total,
			(select count(*)::int from user_roles where role = 'admin') as admins,
			(select count(*)::int from users where created_at > now() - interval '30 days') as recent`)
	return { total: row?.total ?? 0, admins: row?.admins ?? 0, newLast30Days: row?.recent ?? 0 }
}

/** LIKE pattern for text typed in the search box: % and _ are searched for, not wildcards. */
function containsPattern(text: string): string {
	return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * A page of accounts, newest first, matching `q` in the e-mail, name, pet, Instagram or (digits
 * only) phone. Without a search the page comes straight off users_created_idx.
 */
export async function listUsers(query: UserListQuery): Promise<{ rows: AdminUserRow[]; total: number; pages: number }> {
	const q = query.q
	const digits = q.replace(/\D/g, '')
	const where = q
		? sql`where (u.email ilike ${containsPattern(q)} or p.full_name ilike ${containsPattern(q)} or exists (select 1 from pets pt where pt.user_id = u.id and pt.name ilike ${containsPattern(q)})
			or p.instagram_handle ilike ${containsPattern(q.replace(/^@/, ''))}
			${digits.length >= 4 ? sql`or p.phone like ${containsPattern(digits)}` : sql``})`
		: sql``
	const offset = (query.pagina - 1) * USERS_PAGE_SIZE
	const [rows, [counted]] = await Promise.all([
		queryRows<{
			id: string
			email: string
			full_name: string | null
			pet_name: string | null
			phone: string | null
			instagram_handle: string | null
			level: number | null
			total_points: number | null
			is_admin: boolean
			created_at: string | Date
		}>(sql`
			select u.id, u.email, p.full_name, p.phone, p.instagram_handle, g.level, g.total_points,
				-- Pets live in Meus Pets (issue 31, decision 101), not in the profile.
				(select string_agg(pt.name, ', ' order by pt.created_at) from pets pt where pt.user_id = u.id) as pet_name,
				exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin, u.created_at
			from users u
			left join user_profiles p on p.user_id = u.id
			left join user_gamification g on g.user_id = u.id
			${where}
			order by u.created_at desc, u.id desc
			limit ${USERS_PAGE_SIZE} offset ${offset}`),
		queryRows<{ n: number }>(sql`select count(*)::int as n from users u left join user_profiles p on p.user_id = u.id ${where}`),
	])
	const total = counted?.n ?? 0
	return {
		total,
		pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
		rows: rows.map((r) => ({
			id: r.id,
			email: r.email,
			fullName: r.full_name,
			petName: r.pet_name,
			phone: r.phone,
			instagramHandle: r.instagram_handle,
			level: r.level ?? 1,
			totalPoints: r.total_points ?? 0,
			isAdmin: r.is_admin,
			createdAt: new Date(r.created_at).toISOString(),
		})),
	}
}

export const LEDGER_SIZE = 50

/** One account for its detail page: profile, orders, the latest ledger rows and photos. */
export async function userDetail(userId: string) {
	if (!z.uuid().safeParse(userId).success) return null
	const [[account], orders, ledger, photos] = await Promise.all([
		queryRows<{
			id: string
			email: string
			email_verified_at: string | Date | null
			created_at: string | Date
			full_name: string | null
			pet_name: string | null
			pet_breed: string | null
			phone: string | null
			instagram_handle: string | null
			level: number | null
			total_points: number | null
			is_admin: boolean
			referred_by: string | null
		}>(sql`
			select u.id, u.email, u.email_verified_at, u.created_at, p.full_name, p.phone, p.instagram_handle,
				(select string_agg(pt.name || coalesce(' · ' || pt.breed, ''), ', ' order by pt.created_at) from pets pt where pt.user_id = u.id) as pet_name,
				null::text as pet_breed,
				g.level, g.total_points, exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'admin') as is_admin,
				(select ru.email from users ru where ru.id = p.referred_by_user_id) as referred_by
			from users u left join user_profiles p on p.user_id = u.id left join user_gamification g on g.user_id = u.id
			where u.id = ${userId}::uuid`),
		queryRows<{ id: string; reference: string; status: OrderStatus; total_cents: number; created_at: string | Date }>(sql`
			select id, reference, status, total_cents, created_at from orders where user_id = ${userId}::uuid
			order by created_at desc limit 20`),
		queryRows<{ id: string; action_type: string; description: string; points: number; created_at: string | Date }>(sql`
			select id, action_type, description, points, created_at from points_history where user_id = ${userId}::uuid
			order by created_at desc, id desc limit ${LEDGER_SIZE}`),
		queryRows<{ id: string; photo_url: string; caption: string | null; is_approved: boolean; created_at: string | Date }>(sql`
			select id, photo_url, caption, is_approved, created_at from user_photos where user_id = ${userId}::uuid
			order by created_at desc limit 24`),
	])
	if (!account) return null
	const iso = (value: string | Date) => new Date(value).toISOString()
	return {
		id: account.id,
		email: account.email,
		emailConfirmed: account.email_verified_at !== null,
		createdAt: iso(account.created_at),
		fullName: account.full_name,
		petName: account.pet_name,
		petBreed: account.pet_breed,
		phone: account.phone,
		instagramHandle: account.instagram_handle,
		level: account.level ?? 1,
		totalPoints: account.total_points ?? 0,
		isAdmin: account.is_admin,
		referredBy: account.referred_by,
		orders: orders.map((o) => ({
			id: o.id,
			reference: o.reference,
			status: o.status,
			totalCents: o.total_cents,
			createdAt: iso(o.created_at),
		})),
		ledger: ledger.map((l) => ({
			id: l.id,
			actionType: l.action_type,
			description: l.description,
			points: l.points,
			createdAt: iso(l.created_at),
		})),
		photos: photos.map((p) => ({
			id: p.id,
			url: p.photo_url,
			caption: p.caption,
			isApproved: p.is_approved,
			createdAt: iso(p.created_at),
		})),
	}
}
