import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { cartReminderConsents, mailOutbox, userProfiles, userRoles, users } from '~/db/schema'
import { referralCodeOf } from '~/server/loyalty/referrals.server'
import { setClockForTests } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { getOptionalUser } from '~/server/auth/guards.server'
import { getToast, type Toast } from '~/server/toast.server'
import { action as authAction, loader as authLoader } from './auth'
import { loader as confirmLoader } from './confirm-email'
import { action as forgotAction } from './forgot-password'
import { action as logoutAction, loader as logoutLoader } from './logout'
import { action as resetAction, loader as resetLoader } from './reset-password'
import { publicUrl } from '~/server/env.server'

withTestDatabase()

let ipCounter = 0

function args(request: Request, clientIp?: string) {
	ipCounter += 1
	// Loader/action args as React Router passes them; `never` fits every route's Args type.
	return { request, params: {}, context: { clientIp: clientIp ?? `192.0.2.${ipCounter}`, cspNonce: '' } } as never
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
	const headers: Record<string, string> = {}
	if (cookie) headers.cookie = cookie
	return new Request(`http://loja.test${path}`, { method: 'POST', body: new URLSearchParams(fields), headers })
}

/** Runs a loader/action; thrown Responses (redirects) are returned like returned ones. */
async function run(fn: () => Promise<unknown>) {
	let value: unknown
	try {
		value = await fn()
	} catch (error) {
		if (error instanceof Response) value = error
		else throw error
	}
	if (value instanceof Response) return { status: value.status, headers: value.headers, data: undefined as unknown }
	const maybe = value as { type?: string; data?: unknown; init?: ResponseInit | null }
	if (maybe?.type === 'DataWithResponseInit') {
		return { status: maybe.init?.status ?? 200, headers: new Headers(maybe.init?.headers), data: maybe.data }
	}
	return { status: 200, headers: new Headers(), data: value }
}

function cookieHeader(headers: Headers) {
	return headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ')
}

async function toastOf(headers: Headers): Promise<Toast | null> {
	return (await getToast(new Request('http://loja.test/', { headers: { cookie: cookieHeader(headers) } }))).toast
}

type Reply = { status?: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> }

describe('/auth action', () => {
	test('empty fields: Portuguese errors beside the fields, no toast for sign-in', async () => {
		const result = await run(() => authAction(args(post('/auth', { intent: 'signin', email: '', password: '' }))))
		expect(result.status).toBe(400)
		const reply = result.data as Reply
		expect(reply.error?.email).toEqual(['Informe seu email.'])
		expect(reply.error?.password).toEqual(['Informe sua senha.'])
		expect(await toastOf(result.headers)).toBeNull()
	})

	test('sign-up asks a first name; then it signs in at once, greets by that name and sends the confirmation mail (issue 31)', async () => {
		const nameless = await run(() => authAction(args(post('/auth', { intent: 'signup', email: 'nova@example.com', password: 'senha-nova-1' }))))
		expect(nameless.status).toBe(400)
		expect((nameless.data as Reply).error?.firstName).toEqual(['Informe seu primeiro nome.'])
		expect((nameless.data as Reply).initialValue?.email).toBe('nova@example.com')

		const result = await run(() =>
			authAction(args(post('/auth', { intent: 'signup', firstName: '  Nova ', email: ' Nova@Example.com', password: 'senha-nova-1' }))),
		)
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/user/dashboard')
		expect(await toastOf(result.headers)).toMatchObject({
			type: 'success',
			title: 'Conta criada com sucesso!',
			description: 'Enviamos um e-mail para você confirmar o seu endereço.',
		})
		const user = await getOptionalUser(new Request('http://loja.test/', { headers: { cookie: cookieHeader(result.headers) } }))
		expect(user).toMatchObject({ email: 'nova@example.com', fullName: 'Nova' })
		const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nova@example.com'))
		expect(mail?.text).toContain(`${publicUrl()}/auth/confirmar?token=`)
	})

	test('sign-up with a known e-mail: its owner (right password) is signed in; anyone else is told it is taken; a short password is refused', async () => {
		const duplicate = await run(() => authAction(args(post('/auth', { intent: 'signup', firstName: 'Nova', email: 'NOVA@example.com', password: 'outra-senha-9' }))))
		expect(duplicate.status).toBe(400)
		expect((duplicate.data as Reply).error?.['']).toEqual(['Este e-mail já tem uma conta. Entre com a sua senha ou use "Esqueci minha senha".'])
		expect(duplicate.headers.getSetCookie().some((c) => c.startsWith('loja_session='))).toBe(false)
		// The address's owner hears of it by e-mail, and the account is untouched.
		const notices = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Tentativa de cadastro com o seu e-mail'))
		expect(notices.map((m) => m.to)).toEqual(['nova@example.com'])
		expect(notices[0]?.text).toContain(`${publicUrl()}/auth/esqueci-senha`)

		const owner = await run(() => authAction(args(post('/auth', { intent: 'signup', firstName: 'Nova', email: 'nova@example.com', password: 'senha-nova-1' }))))
		expect(owner.status).toBe(302)
		expect(await toastOf(owner.headers)).toMatchObject({ type: 'success', title: 'Login realizado com sucesso!' })

		const short = await run(() => authAction(args(post('/auth', { intent: 'signup', firstName: 'Caio', email: 'curta@example.com', password: '1234' }))))
		expect(short.status).toBe(400)
		expect((short.data as Reply).error?.password).toEqual(['A senha deve ter pelo menos 8 caracteres.'])
		expect((short.data as Reply).initialValue?.email).toBe('curta@example.com')
		expect(await toastOf(short.headers)).toMatchObject({ title: 'Erro ao criar conta', description: 'A senha deve ter pelo menos 8 caracteres.' })
	})

	test('the abandoned-cart reminder at sign-up: recorded only when ticked, as the settings record it (issue 31)', async () => {
		const consentsOf = async (email: string) =>
			db
				.select({ source: cartReminderConsents.source, ip: cartReminderConsents.grantedIp, text: cartReminderConsents.consentText })
				.from(cartReminderConsents)
				.innerJoin(users, eq(users.id, cartReminderConsents.userId))
				.where(eq(users.email, email))
		const signup = (email: string, extra: Record<string, string> = {}) =>
			run(() => authAction(args(post('/auth', { intent: 'signup', firstName: 'Lia', email, password: 'senha-lia-123', ...extra }), '203.0.113.7')))

		expect((await signup('sem.lembrete@example.com')).status).toBe(302)
		expect(await consentsOf('sem.lembrete@example.com')).toEqual([])

		expect((await signup('com.lembrete@example.com', { lembrete: 'sim' })).status).toBe(302)
		expect(await consentsOf('com.lembrete@example.com')).toEqual([
			{ source: 'cadastro', ip: '203.0.113.7', text: 'Quero receber um lembrete se eu esquecer itens no carrinho' },
		])

		// A tampered answer: a Portuguese message, her answer and e-mail kept, no account.
		const bad = await signup('lembrete.torto@example.com', { lembrete: 'talvez' })
		expect(bad.status).toBe(400)
		expect((bad.data as Reply).error?.lembrete).toEqual(['Resposta inválida para o lembrete de carrinho.'])
		expect((bad.data as Reply).initialValue?.email).toBe('lembrete.torto@example.com')
		expect(await db.select().from(users).where(eq(users.email, 'lembrete.torto@example.com'))).toEqual([])
	})

	test("wrong password → 'Erro ao fazer login' / 'Email ou senha incorretos', e-mail kept", async () => {
		const result = await run(() => authAction(args(post('/auth', { intent: 'signin', email: 'nova@example.com', password: 'errada-123' }))))
		expect(result.status).toBe(400)
		expect(await toastOf(result.headers)).toMatchObject({ type: 'error', title: 'Erro ao fazer login', description: 'Email ou senha incorretos' })
		const reply = result.data as Reply
		expect(reply.error?.['']).toEqual(['Email ou senha incorretos'])
		expect(reply.initialValue?.email).toBe('nova@example.com')
	})

	test('customer sign-in → /user/dashboard with the session cookie and the success toast', async () => {
		const result = await run(() => authAction(args(post('/auth', { intent: 'signin', email: 'NOVA@example.com', password: 'senha-nova-1' }))))
		expect(result.status).toBe(302)
		expect(result.headers.get('Location')).toBe('/user/dashboard')
		expect(await toastOf(result.headers)).toMatchObject({ type: 'success', title: 'Login realizado com sucesso!' })
		const user = await getOptionalUser(new Request('http://loja.test/', { headers: { cookie: cookieHeader(result.headers) } }))
		expect(user?.email).toBe('nova@example.com')

		// Signed in: /auth sends them to their area.
		const again = await run(() => authLoader(args(new Request('http://loja.test/auth', { headers: { cookie: cookieHeader(result.headers) } }))))
		expect(again.headers.get('Location')).toBe('/user/dashboard')
	})

	test('admin sign-in → /admin; a safe redirectTo wins; an off-site one is ignored', async () => {
		await run(() => authAction(args(post('/auth', { intent: 'signup', firstName: 'Nova', email: 'chefe@example.com', password: 'senha-chefe-1' }))))
		const [chefe] = await db.select().from(users).where(eq(users.email, 'chefe@example.com'))
		// Admins need a confirmed address (decision 021).
		await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, chefe!.id))
		await db.insert(userRoles).values({ userId: chefe!.id, role: 'admin' })

		const admin = await run(() => authAction(args(post('/auth', { intent: 'signin', email: 'chefe@example.com', password: 'senha-chefe-1' }))))
		expect(admin.headers.get('Location')).toBe('/admin')
		const back = await run(() =>
			authAction(args(post('/auth', { intent: 'signin', email: 'chefe@example.com', password: 'senha-chefe-1', redirectTo: '/admin/pedidos' }))),
		)
		expect(back.headers.get('Location')).toBe('/admin/pedidos')
		const evil = await run(() =>
			authAction(args(post('/auth', { intent: 'signin', email: 'chefe@example.com', password: 'senha-chefe-1', redirectTo: '//evil.example' }))),
		)
		expect(evil.headers.get('Location')).toBe('/admin')

		const page = await run(() => authLoader(args(new Request('http://loja.test/auth?redirectTo=https://evil.example'))))
		expect(page.data).toEqual({ redirectTo: null, referred: false })
	})

	test('a share link (/auth?ref=CODE) is kept in a cookie through sign-up, recorded, then cleared', async () => {
		const referrer = await run(() => authAction(args(post('/auth', { intent: 'signup', firstName: 'Nova', email: 'madrinha@example.com', password: 'senha-madrinha-1' }))))
		expect(referrer.status).toBe(302)
		const [madrinha] = await db.select().from(users).where(eq(users.email, 'madrinha@example.com'))
		const code = await referralCodeOf(madrinha!.id)

		const page = await run(() => authLoader(args(new Request(`http://loja.test/auth?ref=${code.toLowerCase()}`))))
		expect(page.data).toMatchObject({ referred: true })
		const setCookie = page.headers.getSetCookie().find((c) => c.startsWith('loja_ref='))
		expect(setCookie).toMatch(new RegExp(`^loja_ref=${code}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`))
		// A bad code sets nothing.
		const bad = await run(() => authLoader(args(new Request("http://loja.test/auth?ref=%27%20or%201%3D1"))))
		expect(bad.headers.getSetCookie()).toEqual([])

		const friend = await run(() =>
			authAction(args(post('/auth', { intent: 'signup', firstName: 'Nova', email: 'afilhada@example.com', password: 'senha-afilhada-1' }, `loja_ref=${code}`))),
		)
		expect(friend.status).toBe(302)
		expect(friend.headers.getSetCookie().some((c) => /^loja_ref=;.*Max-Age=0/.test(c))).toBe(true)
		const [afilhada] = await db.select().from(users).where(eq(users.email, 'afilhada@example.com'))
		const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, afilhada!.id))
		expect(profile?.referredByUserId).toBe(madrinha!.id)
	})

	test('the 6th attempt on one account from one address is refused with 429 and the Portuguese message', async () => {
		// Rate-limit windows are aligned to the clock: stay inside one.
		setClockForTests(new Date('2026-05-01T10:02:00Z'))
		for (let i = 0; i < 5; i++) {
			await run(() => authAction(args(post('/auth', { intent: 'signin', email: 'alvo@example.com', password: `chute-${i}` }), '192.0.2.250')))
		}
		const blocked = await run(() => authAction(args(post('/auth', { intent: 'signin', email: 'alvo@example.com', password: 'chute-6' }), '192.0.2.250')))
		expect(blocked.status).toBe(429)
		expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(await toastOf(blocked.headers)).toMatchObject({
			title: 'Erro ao fazer login',
			description: 'Muitas tentativas de login. Tente novamente em alguns minutos.',
		})
	})
})

describe('/logout', () => {
	test('GET only redirects home; POST ends the session with the right toast', async () => {
		const get = await run(() => logoutLoader())
		expect(get.headers.get('Location')).toBe('/')

		const signedIn = await run(() => authAction(args(post('/auth', { intent: 'signin', email: 'nova@example.com', password: 'senha-nova-1' }))))
		const session = cookieHeader(new Headers(signedIn.headers.getSetCookie().filter((c) => c.startsWith('loja_session=')).map((c): [string, string] => ['Set-Cookie', c])))
		const out = await run(() => logoutAction(args(post('/logout', {}, session))))
		expect(out.status).toBe(302)
		expect(out.headers.get('Location')).toBe('/')
		expect(out.headers.getSetCookie().some((c) => /^loja_session=;.*Max-Age=0/.test(c))).toBe(true)
		expect(await toastOf(out.headers)).toMatchObject({ type: 'success', title: 'Logout realizado com sucesso' })
		expect(await getOptionalUser(new Request('http://loja.test/', { headers: { cookie: session } }))).toBeNull()

		const fromArea = await run(() => logoutAction(args(post('/logout', { origem: 'area' }))))
		expect(fromArea.headers.get('Location')).toBe('/auth')
		expect(await toastOf(fromArea.headers)).toMatchObject({ title: 'Logout realizado com sucesso!' })
	})
})

describe('e-mail confirmation and password reset pages', () => {
	test('/auth/confirmar confirms once and says so', async () => {
		await run(() => authAction(args(post('/auth', { intent: 'signup', firstName: 'Nova', email: 'conf@example.com', password: 'senha-conf-1' }))))
		const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'conf@example.com'))
		const link = /https?:\/\/[^/\s]+(\/auth\/confirmar\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
		const ok = await run(() => confirmLoader(args(new Request(`http://loja.test${link}`))))
		expect(ok.headers.get('Location')).toBe('/auth')
		expect(await toastOf(ok.headers)).toMatchObject({ type: 'success', title: 'Email confirmado!' })
		const again = await run(() => confirmLoader(args(new Request(`http://loja.test${link}`))))
		expect(await toastOf(again.headers)).toMatchObject({ type: 'error', description: 'Este link é inválido ou expirou.' })
	})

	test('forgot → same answer for known and unknown e-mails; reset → new password, redirect with toast', async () => {
		const known = await run(() => forgotAction(args(post('/auth/esqueci-senha', { email: 'conf@example.com' }))))
		const unknown = await run(() => forgotAction(args(post('/auth/esqueci-senha', { email: 'ninguem@example.com' }))))
		expect(known.data).toMatchObject({ sent: true })
		expect(unknown.data).toMatchObject({ sent: true })
		const invalid = await run(() => forgotAction(args(post('/auth/esqueci-senha', { email: 'sem arroba' }))))
		expect(invalid.status).toBe(400)
		expect((invalid.data as { result: Reply }).result.error?.email).toEqual(['Informe um e-mail válido.'])

		const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'conf@example.com'))
		const resetMail = mails.find((m) => m.subject === 'Redefinição de senha')!
		const token = /token=([A-Za-z0-9_-]+)/.exec(resetMail.text)![1]!

		expect((await run(() => resetLoader(args(new Request(`http://loja.test/auth/redefinir-senha?token=${token}`))))).data).toEqual({ token })
		expect((await run(() => resetLoader(args(new Request('http://loja.test/auth/redefinir-senha?token=falso'))))).data).toEqual({ token: null })

		const mismatch = await run(() => resetAction(args(post('/auth/redefinir-senha', { token, password: 'senha-nova-22', confirmPassword: 'diferente-22' }))))
		expect((mismatch.data as Reply).error?.confirmPassword).toEqual(['As senhas não coincidem.'])

		const done = await run(() => resetAction(args(post('/auth/redefinir-senha', { token, password: 'senha-nova-22', confirmPassword: 'senha-nova-22' }))))
		expect(done.headers.get('Location')).toBe('/auth')
		expect(await toastOf(done.headers)).toMatchObject({ type: 'success', title: 'Senha redefinida com sucesso!' })

		const reused = await run(() => resetAction(args(post('/auth/redefinir-senha', { token, password: 'senha-nova-33', confirmPassword: 'senha-nova-33' }))))
		expect((reused.data as Reply).error?.['']).toEqual(['Este link é inválido ou expirou.'])

		const signIn = await run(() => authAction(args(post('/auth', { intent: 'signin', email: 'conf@example.com', password: 'senha-nova-22' }))))
		expect(signIn.status).toBe(302)
	})
})
