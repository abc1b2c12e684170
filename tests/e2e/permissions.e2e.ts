import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN, newCustomer } from './support/accounts'
import { HttpSession } from './support/http-session'
import { loadBuild, type RouteRow, routeTable } from './support/route-table'

/**
 * The permission matrix (spec README decision 15): every /admin and /user route, and
 * every action, for anonymous, customer and admin. The route list comes from the real
 * server build, so a route added without a row here fails this test.
 *
 * Outcomes:
 *  - 'login': redirected to /auth (no session)
 *  - 'denied': redirected to / with the 'Acesso negado' toast (signed in, not admin)
 *  - 'allowed': neither of the above, and no server error (the route itself answered)
 */
type Outcome = 'login' | 'denied' | 'allowed'
type Row = {
	/** Concrete path to request for a pattern with params. */
	sample?: string
	get: Record<Role, Outcome>
	/** For routes with an action: a form that the action can receive. */
	post?: { form: Record<string, string>; expect: Record<Role, Outcome> }
}
type Role = 'anonymous' | 'customer' | 'admin'

const customerOnly: Record<Role, Outcome> = { anonymous: 'login', customer: 'allowed', admin: 'allowed' }
const adminOnly: Record<Role, Outcome> = { anonymous: 'login', customer: 'denied', admin: 'allowed' }

export const MATRIX: Record<string, Row> = {
	'/user': { sample: '/user/dashboard', get: customerOnly },
	'/user/dashboard': { get: customerOnly },
	'/user/favorites': { get: customerOnly },
	// Issue 31: 'Pedir desistência' of an order that is not hers answers 404 (allowed: no redirect, no 500).
	'/user/orders': { get: customerOnly, post: { form: { intent: 'return-request', reference: 'PET-NAOEXISTE' }, expect: customerOnly } },
	'/user/photos': { get: customerOnly, post: { form: { caption: 'x' }, expect: customerOnly } },
	'/user/gamification': { get: customerOnly },
	'/user/rewards': { get: customerOnly },
	// A wrong password: refused (400) before anything is deleted.
	// An invalid neck measure: refused (400) before anything is stored.
	'/user/pets': { get: customerOnly, post: { form: { intent: 'add', name: 'Thor', neckCm: 'muito' }, expect: customerOnly } },
	'/user/settings': { get: customerOnly, post: { form: { password: 'senha-errada', confirm: 'on' }, expect: customerOnly } },
	'/user/settings/dados.json': { get: customerOnly },
	// An invalid phone: the action answers (400) without saving, so the admin's profile keeps no name
	// (foundation.e2e reads the admin's e-mail in the header menu).
	'/user/profile': { get: customerOnly, post: { form: { fullName: 'Maria', phone: 'x' }, expect: customerOnly } },
	'/admin': { get: adminOnly },
	// Issue 30: the dashboard's old address redirects the admin to /admin.
	'/admin/dashboard': { get: adminOnly },
	// Back-office for orders, coupons, settings and the mail outbox (issue 4). POST forms are
	// harmless for the admin: an unknown order/coupon id or an incomplete form is refused with 4xx.
	// Issue 30: the list's one-tap next step; an unknown order is refused (400) before any change.
	'/admin/pedidos': { get: adminOnly, post: { form: { id: '00000000-0000-4000-8000-000000000000', to: 'pago' }, expect: adminOnly } },
	'/admin/pedidos/exportar.csv': { get: adminOnly },
	'/admin/pedidos/:orderId': {
		sample: '/admin/pedidos/00000000-0000-4000-8000-000000000000',
		get: adminOnly,
		post: { form: { to: 'pago' }, expect: adminOnly },
	},
	'/admin/cupons': {
		get: adminOnly,
		post: { form: { intent: 'toggle', id: '00000000-0000-4000-8000-000000000000', active: 'false' }, expect: adminOnly },
	},
	'/admin/cupons/importar': { get: adminOnly, post: { form: { intent: 'check', csv: 'code;amount' }, expect: adminOnly } },
	'/admin/configuracoes': { get: adminOnly, post: { form: { storeName: '' }, expect: adminOnly } },
	// Issue 30: the logo upload; GET is 405, an upload without a file is refused (400) before anything is stored.
	'/admin/configuracoes/logo': { get: adminOnly, post: { form: { intent: 'upload' }, expect: adminOnly } },
	'/admin/emails': { get: adminOnly },
	// Issue 31 (decision 117): refusing a request of an order that does not exist answers 400.
	'/admin/desistencias': {
		get: adminOnly,
		post: { form: { intent: 'refuse', orderId: '00000000-0000-4000-8000-000000000000', message: 'x' }, expect: adminOnly },
	},
	// Issue 30: the activity log is read only (no action: nothing edits or deletes an entry).
	'/admin/atividade': { get: adminOnly },
	// Issue 29 (decision 119): the reconciliation view is read only; ?conferir=1 asks the providers.
	'/admin/pagamentos': { get: adminOnly },
	'/admin/personalizacao/bandanas': {
		get: adminOnly,
		post: { form: { intent: 'save-price', id: '00000000-0000-4000-8000-000000000000', price: 'x' }, expect: adminOnly },
	},
	'/admin/personalizacao/colares': { get: adminOnly, post: { form: { intent: 'save-base-price', price: 'x' }, expect: adminOnly } },
	// An unknown piece: refused (400) before anything moves (issue 30: production steps).
	'/admin/pedidos-personalizados': {
		get: adminOnly,
		post: { form: { intent: 'production', id: '00000000-0000-4000-8000-000000000000', to: 'em_producao' }, expect: adminOnly },
	},
	'/admin/pedidos-personalizados/:id/arquivo/:campo': {
		sample: '/admin/pedidos-personalizados/00000000-0000-4000-8000-000000000000/arquivo/rosto',
		get: adminOnly,
	},
	// Issue 30: a custom piece's printable work order (an unknown id: 404 for the admin).
	'/admin/pedidos-personalizados/:id/ordem': {
		sample: '/admin/pedidos-personalizados/00000000-0000-4000-8000-000000000000/ordem',
		get: adminOnly,
	},
	'/admin/avaliacoes': {
		get: adminOnly,
		post: { form: { intent: 'approve', id: '00000000-0000-4000-8000-000000000000', approved: 'true' }, expect: adminOnly },
	},
	// Loyalty rules (issue 10): an invalid points value, refused before anything is saved.
	'/admin/fidelidade': { get: adminOnly, post: { form: { intent: 'save-points', purchasePerReal: 'x' }, expect: adminOnly } },
	// Accounts (issue 10): an unknown id answers 404 to the admin; the POST is refused before any change.
	'/admin/users': { get: adminOnly },
	'/admin/users/:userId': {
		sample: '/admin/users/00000000-0000-4000-8000-000000000000',
		get: adminOnly,
		post: { form: { intent: 'points', points: 'x' }, expect: adminOnly },
	},
	// Catalogue (issue 11): forms refused before anything is saved (no title; an unknown product).
	'/admin/produtos': { get: adminOnly },
	'/admin/estoque': { get: adminOnly, post: { form: { lowStockThreshold: 'x' }, expect: adminOnly } },
	// Product CSV: an empty check is refused (400) before anything is read or written.
	'/admin/produtos/importar': { get: adminOnly, post: { form: { intent: 'check' }, expect: adminOnly } },
	// Decision 122: the product CSV as a raw body, before the check (a form body here: refused or kept, never a 500).
	'/admin/produtos/importar/arquivo': { get: adminOnly, post: { form: { file: 'Handle,Title' }, expect: adminOnly } },
	'/admin/produtos/exportar.csv': { get: adminOnly },
	// Collections: an empty title is refused (400); on an unknown collection every intent is 404.
	'/admin/colecoes': { get: adminOnly, post: { form: { title: '' }, expect: adminOnly } },
	'/admin/colecoes/:collectionId': {
		sample: '/admin/colecoes/00000000-0000-4000-8000-000000000000',
		get: adminOnly,
		post: { form: { intent: 'delete' }, expect: adminOnly },
	},
	// Pictures: GET is 405; an unknown product's upload is refused (404) before anything is stored.
	'/admin/produtos/:productId/imagens': {
		sample: '/admin/produtos/00000000-0000-4000-8000-000000000000/imagens',
		get: adminOnly,
		post: { form: { intent: 'upload' }, expect: adminOnly },
	},
	// The home videos (issue 11): an empty address is refused (400) before anything is saved; the
	// upload endpoint answers GET with 405 and a body that is not a video with 400.
	'/admin/banner': { get: adminOnly, post: { form: { intent: 'save', videoUrl: '' }, expect: adminOnly } },
	'/admin/subscription-cta-video': { get: adminOnly, post: { form: { intent: 'save', videoUrl: '' }, expect: adminOnly } },
	'/admin/personalization-video': { get: adminOnly, post: { form: { intent: 'save', videoUrl: '' }, expect: adminOnly } },
	'/admin/videos/:slot/upload': {
		sample: '/admin/videos/banner/upload',
		get: adminOnly,
		post: { form: { video: 'não é um vídeo' }, expect: adminOnly },
	},
	'/admin/produtos/novo': { get: adminOnly, post: { form: { title: '', price: 'x' }, expect: adminOnly } },
	'/admin/produtos/:productId': {
		sample: '/admin/produtos/00000000-0000-4000-8000-000000000000',
		get: adminOnly,
		post: { form: { intent: 'delete' }, expect: adminOnly },
	},
	'/admin/fotos': { get: adminOnly, post: { form: { intent: 'approve', id: '00000000-0000-4000-8000-000000000000' }, expect: adminOnly } },
	// Aria (issue 12): an empty knowledge entry is refused (400) before anything is saved.
	'/admin/aria': { get: adminOnly, post: { form: { intent: 'add-knowledge', title: '', content: '' }, expect: adminOnly } },
	'/admin/atacado': { get: adminOnly, post: { form: { intent: 'save-tiers', kind: 'bandana' }, expect: adminOnly } },
	// Issue 29: the PSP's API Pix notifications. Public by nature (the PSP has no session): a wrong
	// token (and, on this server, PIX_PROVIDER=static) is the same 404 as any unknown address, for
	// everyone; a session never opens it. The refund and 'register webhook' intents ride on the
	// admin order and settings rows above (requireAdmin runs before any intent is read).
	'/webhooks/pix/:token/pix': {
		sample: '/webhooks/pix/token-errado-0000000000000000000000000000/pix',
		get: { anonymous: 'allowed', customer: 'allowed', admin: 'allowed' },
		post: { form: { pix: '[]' }, expect: { anonymous: 'allowed', customer: 'allowed', admin: 'allowed' } },
	},
	// Issue 29 (decision 078): Mercado Pago's notifications. Public by nature; without a valid
	// x-signature nothing is stored (401, or on this server, without Mercado Pago, the 404 of any
	// unknown address); a session never opens it. The card refund rides on the admin order row.
	'/webhooks/mercadopago': {
		get: { anonymous: 'allowed', customer: 'allowed', admin: 'allowed' },
		post: { form: { type: 'payment' }, expect: { anonymous: 'allowed', customer: 'allowed', admin: 'allowed' } },
	},
}

function outcomeOf(response: Response): Outcome | `error ${number}` {
	const location = response.headers.get('location') ?? ''
	if (response.status >= 300 && response.status < 400) {
		const target = new URL(location, 'http://x')
		if (target.pathname === '/auth') return 'login'
		const toast = response.headers.getSetCookie().join(';')
		if (target.pathname === '/' && /Acesso%20negado|Acesso negado|loja_toast/.test(toast)) return 'denied'
		return 'allowed'
	}
	if (response.status >= 500) return `error ${response.status}`
	return 'allowed'
}

describe('matriz de permissões', () => {
	let table: RouteRow[]
	const sessions = {} as Record<Role, HttpSession>

	beforeAll(async () => {
		table = routeTable(await loadBuild())
		sessions.anonymous = new HttpSession()
		sessions.customer = new HttpSession()
		sessions.admin = new HttpSession()
		const customer = newCustomer()
		await sessions.customer.signUp(customer.email, customer.password)
		await sessions.customer.signIn(customer.email, customer.password)
		await sessions.admin.signIn(ADMIN.email, ADMIN.password)
	})

	test('every /admin and /user route (and action) has a row', () => {
		const guarded = table.filter((r) => /^\/(admin|user)(\/|$)/.test(r.path) && (r.hasLoader || r.hasAction))
		expect(guarded.length).toBeGreaterThan(0)
		const missing = guarded.filter((r) => !MATRIX[r.path]).map((r) => `${r.path} (${r.id})`)
		expect(missing, 'rotas sem linha na matriz').toEqual([])
		const actionsWithoutRow = guarded.filter((r) => r.hasAction && !MATRIX[r.path]?.post).map((r) => r.path)
		expect(actionsWithoutRow, 'ações sem linha na matriz').toEqual([])
	})

	test('rows of the matrix name routes that exist', () => {
		const paths = new Set(table.map((r) => r.path))
		expect(Object.keys(MATRIX).filter((p) => !paths.has(p))).toEqual([])
	})

	for (const [pattern, row] of Object.entries(MATRIX)) {
		for (const role of ['anonymous', 'customer', 'admin'] as const) {
			test(`GET ${pattern} as ${role} → ${row.get[role]}`, async () => {
				const response = await sessions[role].get(row.sample ?? pattern)
				expect(outcomeOf(response)).toBe(row.get[role])
			})
			if (row.post) {
				const post = row.post
				test(`POST ${pattern} as ${role} → ${post.expect[role]}`, async () => {
					const response = await sessions[role].post(row.sample ?? pattern, post.form)
					expect(outcomeOf(response)).toBe(post.expect[role])
				})
			}
		}
	}
})
