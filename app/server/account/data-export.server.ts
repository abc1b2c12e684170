import { sql } from 'drizzle-orm'
import { queryRows } from '~/server/db.server'
import { activityAboutCustomer } from '~/server/activity/activity-log.server'
import { restockAlertsForExport } from '~/server/restock/subscriptions.server'

/**
 * 'Baixar meus dados' (issue 10; LGPD art. 18, II and V): everything the shop holds about the
 * signed-in customer, as one JSON document. Only rows tied to their own user id; no secrets
 * (password hash, session or token hashes) and no other person's data.
 */
export async function exportCustomerData(userId: string): Promise<Record<string, unknown>> {
	const one = async (query: ReturnType<typeof sql>) => (await queryRows<Record<string, unknown>>(query))[0] ?? null
	const all = (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(query)
	const [account, profile, gamification, orders, customOrders, photos, favorites, points, reviews, badges, pets, activity, reminderConsents, reminders] = await Promise.all([
		one(sql`select email, email_verified_at, referral_code, created_at from users where id = ${userId}::uuid`),
		one(
			sql`select full_name, phone, instagram_handle, pet_name, pet_breed, cpf, updated_at from user_profiles where user_id = ${userId}::uuid`,
		),
		one(sql`select level, current_level_points, points_to_next_level, total_points from user_gamification where user_id = ${userId}::uuid`),
		all(sql`
			select o.reference, o.status, o.created_at, o.customer_name, o.email, o.cpf, o.phone, o.cep, o.street, o.number, o.complement,
				o.district, o.city, o.uf, o.subtotal_cents, o.shipping_cents, o.discount_cents, o.total_cents, o.payment_method, o.tracking_code,
				(select json_agg(json_build_object('produto', l.product_title, 'variante', l.variant_title, 'quantidade', l.quantity,
					'preco_unitario_centavos', l.unit_price_cents)) from order_lines l where l.order_id = o.id) as itens
			from orders o where o.user_id = ${userId}::uuid order by o.created_at`),
		all(sql`select created_at, product_type, wholesale, quantity, selected_color, pet_name, pet_instagram, side_name,
			selected_art_product_title, selected_accessory_product_title, total_price_cents, order_completed, admin_notes
			from personalization_orders where user_id = ${userId}::uuid order by created_at`),
		all(sql`select photo_url, caption, is_approved, created_at from user_photos where user_id = ${userId}::uuid order by created_at`),
		all(sql`select product_title, product_handle, created_at from user_favorites where user_id = ${userId}::uuid order by created_at`),
		all(sql`select action_type, description, points, created_at from points_history where user_id = ${userId}::uuid order by created_at`),
		all(
			sql`select product_name, customer_name, rating, comment, is_approved, created_at from reviews where user_id = ${userId}::uuid order by created_at`,
		),
		all(
			sql`select b.name, ub.earned_at from user_badges ub join badges b on b.id = ub.badge_id where ub.user_id = ${userId}::uuid order by ub.earned_at`,
		),
		all(sql`select name, breed, neck_mm, birthday, created_at from pets where user_id = ${userId}::uuid order by created_at`),
		// Issue 30: what the back-office changed in this customer's data (order status, refunds, review, photo, role).
		activityAboutCustomer(userId),
		// Issue 31 (decision 121): the reminder's consents (the sentence, when, from where, when withdrawn) and the reminders sent.
		all(sql`select consent_text, source, granted_ip, granted_at, withdrawn_at, withdrawn_via from cart_reminder_consents
			where user_id = ${userId}::uuid order by granted_at`),
		all(sql`select sent_at, restored_at, lines as itens from cart_reminders where user_id = ${userId}::uuid order by sent_at`),
	])
	return {
		gerado_em: new Date().toISOString(),
		conta: account,
		perfil: profile,
		fidelidade: gamification,
		pedidos: orders,
		pedidos_personalizados: customOrders,
		fotos: photos,
		favoritos: favorites,
		historico_de_pontos: points,
		avaliacoes: reviews,
		conquistas: badges,
		pets,
		alteracoes_feitas_pela_loja: activity,
		lembrete_de_carrinho: { consentimentos: reminderConsents, lembretes_enviados: reminders },
		// Issue 31 (decision 120): 'Avise-me quando chegar', with the consent (when, from where).
		avisos_de_reposicao: await restockAlertsForExport(userId),
	}
}
