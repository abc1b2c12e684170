import { desc, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { mailOutbox, sessions, userProfiles, userRoles, users, verificationTokens } from '~/db/schema'
import { setClockForTests } from '~/server/clock.server'
import { db } from '~/server/db.server'
import { publicUrl } from '~/server/env.server'
import { afterSignIn, confirmEmail, requestPasswordReset, resetPassword, signIn, signOut, signUp } from './accounts.server'
import { getOptionalUser } from './guards.server'
import { hashToken } from './session.server'

withTestDatabase()

let ipCounter = 0
/** Each test signs in from its own address so the per-address limit does not leak between tests. */
function freshIp() {
	ipCounter += 1
	return `198.51.100.${ipCounter}`
}

function requestWithCookies(...setCookies: string[]) {
	const cookie = setCookies.map((c) => c.split(';')[0]).join('; ')
	return new Request('http://loja.test/user/dashboard', { headers: cookie ? { cookie } : {} })
}

async function latestMailTo(email: string) {
	const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1)
	return row
}

function tokenFromLink(text: string, path: string) {
	// Links take the configured origin (PUBLIC_URL; http://localhost:PORT when unset), never the request's.
	const match = new RegExp(`${publicUrl().replaceAll('.', '\\.')}${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)
	if (!match?.[1]) throw new Error(`link ${path} não encontrado em: ${text}`)
	return match[1]
}

async function signInOk(email: string, password: string, ip = freshIp()) {
	const result = await signIn({ email, password, ip, request: new Request('http://loja.test/auth', { method: 'POST' }) })
	if (!result.ok) throw new Error(`login falhou: ${result.message}`)
	return result
}

describe('sign-up', () => {
	test('creates the user (e-mail normalised), the profile, the customer role and a confirmation e-mail', async () => {
		const result = await signUp({ email: '  Ana@Example.COM ', password: 'senha-forte-1', request: new Request('http://loja.test/auth') })
		expect(result.ok).toBe(true)
		const [user] = await db.select().from(users).where(eq(users.email, 'ana@example.com'))
		expect(user).toBeDefined()
		expect(user?.passwordHash).toMatch(/^scrypt\$/)
		expect(user?.emailVerifiedAt).toBeNull()
		expect(await db.select().from(userProfiles).where(eq(userProfiles.userId, user!.id))).toHaveLength(1)
		expect((await db.select().from(userRoles).where(eq(userRoles.userId, user!.id))).map((r) => r.role)).toEqual(['customer'])

		const mail = await latestMailTo('ana@example.com')
		expect(mail).toMatchObject({ subject: 'Confirme seu e-mail', status: 'stored' })
		const token = tokenFromLink(mail!.text, '/auth/confirmar')
		expect(mail!.html).toContain(`${publicUrl()}/auth/confirmar?token=${token}`)

		// The link confirms the address once.
		expect(await confirmEmail(token)).toEqual({ ok: true, userId: user!.id })
		const [confirmed] = await db.select().from(users).where(eq(users.id, user!.id))
		expect(confirmed?.emailVerifiedAt).toBeInstanceOf(Date)
		expect(await confirmEmail(token)).toMatchObject({ ok: false })
		expect(await confirmEmail('token-inventado')).toMatchObject({ ok: false })
	})

	test('a known e-mail (any case) succeeds in appearance: nothing changes, its owner gets a notice', async () => {
		const first = await signUp({ email: 'bia@example.com', password: 'senha-forte-1' })
		if (!first.ok) throw new Error('cadastro falhou')
		const [before] = await db.select().from(users).where(eq(users.email, 'bia@example.com'))
		expect(await signUp({ email: 'BIA@example.com', password: 'outra-senha-2', request: new Request('http://loja.test/auth') })).toEqual({
			ok: true,
			userId: first.userId,
			created: false,
		})
		const [after] = await db.select().from(users).where(eq(users.email, 'bia@example.com'))
		expect(after?.passwordHash).toBe(before?.passwordHash)
		const notice = await latestMailTo('bia@example.com')
		expect(notice?.subject).toBe('Tentativa de cadastro com o seu e-mail')
		expect(notice?.text).toContain(`${publicUrl()}/auth/esqueci-senha`)
		// A mailbox cannot be flooded through the sign-up form: 3 notices an hour.
		for (let i = 0; i < 4; i++) await signUp({ email: 'bia@example.com', password: 'outra-senha-2' })
		const notices = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Tentativa de cadastro com o seu e-mail'))
		expect(notices).toHaveLength(3)
	})

	test('refuses a short password and an invalid e-mail with Portuguese messages', async () => {
		expect(await signUp({ email: 'caio@example.com', password: '1234567' })).toEqual({
			ok: false,
			field: 'password',
			message: 'A senha deve ter pelo menos 8 caracteres.',
		})
		expect(await signUp({ email: 'não é e-mail', password: 'senha-forte-1' })).toMatchObject({ ok: false, field: 'email', message: 'Informe um e-mail válido.' })
		expect(await db.select().from(users).where(eq(users.email, 'caio@example.com'))).toHaveLength(0)
	})
})

describe('sign-in and sessions', () => {
	test('right password signs in (without confirming the e-mail); wrong password does not', async () => {
		await signUp({ email: 'davi@example.com', password: 'senha-do-davi' })
		const wrong = await signIn({ email: 'davi@example.com', password: 'senha-errada', ip: freshIp(), request: new Request('http://loja.test/auth') })
		expect(wrong).toEqual({ ok: false, reason: 'invalid_credentials', message: 'Email ou senha incorretos' })
		const unknown = await signIn({ email: 'ninguem@example.com', password: 'qualquer', ip: freshIp(), request: new Request('http://loja.test/auth') })
		expect(unknown).toMatchObject({ ok: false, reason: 'invalid_credentials' })

		const ok = await signInOk(' DAVI@example.com ', 'senha-do-davi')
		expect(ok.user).toMatchObject({ email: 'davi@example.com', isAdmin: false, fullName: null })
		const [setCookie] = ok.headers.getSetCookie()
		expect(setCookie).toMatch(/^loja_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000/)
		expect(setCookie).not.toContain('Secure') // NODE_ENV=test
		expect(await getOptionalUser(requestWithCookies(setCookie!))).toMatchObject({ id: ok.user.id })
	})

	test('an admin row on an unconfirmed account opens nothing: sign-in refused, no admin in the guards', async () => {
		const created = await signUp({ email: 'intrusa@example.com', password: 'senha-da-intrusa' })
		if (!created.ok) throw new Error('cadastro falhou')
		const customerSession = (await signInOk('intrusa@example.com', 'senha-da-intrusa')).headers.getSetCookie()[0]!
		// Added by hand, past setUserRole (which refuses it).
		await db.insert(userRoles).values({ userId: created.userId, role: 'admin' })
		expect(await getOptionalUser(requestWithCookies(customerSession))).toMatchObject({ isAdmin: false })
		const attempt = await signIn({ email: 'intrusa@example.com', password: 'senha-da-intrusa', ip: freshIp(), request: new Request('http://loja.test/auth') })
		expect(attempt).toEqual({ ok: false, reason: 'invalid_credentials', message: 'Email ou senha incorretos' })
	})

	test('each sign-in gets a new token; only its hash is stored; sign-out kills the old cookie', async () => {
		await signUp({ email: 'eva@example.com', password: 'senha-da-eva' })
		const first = (await signInOk('eva@example.com', 'senha-da-eva')).headers.getSetCookie()[0]!
		const second = (await signInOk('eva@example.com', 'senha-da-eva')).headers.getSetCookie()[0]!
		const tokenOf = (c: string) => c.split(';')[0]!.split('=')[1]!
		expect(tokenOf(first)).not.toBe(tokenOf(second))

		const rows = await db.select().from(sessions)
		const stored = rows.map((r) => r.tokenHash)
		expect(stored).toContain(hashToken(tokenOf(first)))
		expect(stored).not.toContain(tokenOf(first))

		const signOutHeaders = await signOut(requestWithCookies(first), null)
		expect(signOutHeaders.getSetCookie()[0]).toMatch(/^loja_session=; .*Max-Age=0/)
		expect(await getOptionalUser(requestWithCookies(first))).toBeNull()
		// The other device stays signed in.
		expect(await getOptionalUser(requestWithCookies(second))).toMatchObject({ email: 'eva@example.com' })
	})

	test('an expired session gives no user and is purged', async () => {
		await signUp({ email: 'fabio@example.com', password: 'senha-do-fabio' })
		const ok = await signInOk('fabio@example.com', 'senha-do-fabio')
		const cookie = ok.headers.getSetCookie()[0]!
		await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, ok.user.id))
		const { getSessionUserId } = await import('./session.server')
		expect(await getSessionUserId(requestWithCookies(cookie))).toBeNull()
		expect(await getOptionalUser(requestWithCookies(cookie))).toBeNull()
		expect(await db.select().from(sessions).where(eq(sessions.userId, ok.user.id))).toHaveLength(0)
	})

	test('afterSignIn hooks run with the user and can add cookies; a failing hook does not block sign-in', async () => {
		await signUp({ email: 'gabi@example.com', password: 'senha-da-gabi' })
		const seen: string[] = []
		const merge = vi.fn(({ userId, headers }: { userId: string; headers: Headers }) => {
			seen.push(userId)
			headers.append('Set-Cookie', 'loja_cart=; Path=/; Max-Age=0')
		})
		const broken = vi.fn(() => {
			throw new Error('falhou')
		})
		const registered = [...afterSignIn]
		afterSignIn.push(merge, broken)
		try {
			const ok = await signInOk('gabi@example.com', 'senha-da-gabi')
			expect(seen).toEqual([ok.user.id])
			expect(broken).toHaveBeenCalledOnce()
			expect(ok.headers.getSetCookie()).toHaveLength(2)
		} finally {
			// The shop's own hooks (the cart merge) stay: files share a worker's modules (decision 074).
			afterSignIn.splice(0, afterSignIn.length, ...registered)
		}
	})
})

describe('sign-in rate limits', () => {
	// Windows are fixed (aligned to the clock): freeze the clock mid-window so a test never
	// straddles a window boundary.
	// Frozen through the app clock, never the global Date: PGlite reads Date for its own timers
	// and a Date months in the past made it spin (TimeoutOverflowWarning; see clock.server.ts).
	beforeEach(() => {
		setClockForTests(new Date('2026-03-10T12:05:00Z'))
	})

	test('the 6th attempt on one account from one address is blocked, even with the right password; another address signs in', async () => {
		await signUp({ email: 'hugo@example.com', password: 'senha-do-hugo' })
		const guesser = '203.0.113.7'
		for (let attempt = 1; attempt <= 5; attempt++) {
			const result = await signIn({ email: 'hugo@example.com', password: `errada-${attempt}`, ip: guesser, request: new Request('http://loja.test/auth') })
			expect(result).toMatchObject({ ok: false, reason: 'invalid_credentials' })
		}
		const sixth = await signIn({ email: 'HUGO@example.com', password: 'senha-do-hugo', ip: guesser, request: new Request('http://loja.test/auth') })
		expect(sixth).toMatchObject({ ok: false, reason: 'rate_limited', message: 'Muitas tentativas de login. Tente novamente em alguns minutos.' })
		if (sixth.ok || sixth.reason !== 'rate_limited') throw new Error('esperado bloqueio')
		expect(sixth.retryAfterSeconds).toBeGreaterThan(0)
		expect(sixth.retryAfterSeconds).toBeLessThanOrEqual(15 * 60)
		// The owner, elsewhere, is not locked out.
		await signInOk('hugo@example.com', 'senha-do-hugo', '203.0.113.8')
	})

	test('failures spread over many addresses slow the account down but never lock it', async () => {
		await signUp({ email: 'iara@example.com', password: 'senha-da-iara' })
		for (let attempt = 1; attempt <= 6; attempt++) {
			await signIn({ email: 'iara@example.com', password: 'errada', ip: freshIp(), request: new Request('http://loja.test/auth') })
		}
		// 6 failures: the next attempt waits 1 s, then the right password still works.
		const started = performance.now()
		await signInOk('iara@example.com', 'senha-da-iara')
		expect(performance.now() - started).toBeGreaterThanOrEqual(900)
	}, 30_000)

	test('a success clears the account counter', async () => {
		await signUp({ email: 'iris@example.com', password: 'senha-da-iris' })
		const ip = freshIp()
		for (let round = 0; round < 2; round++) {
			for (let attempt = 1; attempt <= 4; attempt++) {
				await signIn({ email: 'iris@example.com', password: 'errada', ip, request: new Request('http://loja.test/auth') })
			}
			await signInOk('iris@example.com', 'senha-da-iris', ip)
		}
	})

	test('one address is limited to 30 attempts across accounts', async () => {
		await signUp({ email: 'joao@example.com', password: 'senha-do-joao' })
		const ip = '203.0.113.50'
		for (let attempt = 1; attempt <= 30; attempt++) {
			const result = await signIn({ email: `conta${attempt}@example.com`, password: 'errada', ip, request: new Request('http://loja.test/auth') })
			expect(result).toMatchObject({ reason: 'invalid_credentials' })
		}
		const blocked = await signIn({ email: 'joao@example.com', password: 'senha-do-joao', ip, request: new Request('http://loja.test/auth') })
		expect(blocked).toMatchObject({ ok: false, reason: 'rate_limited' })
		// The same account from another address is fine.
		await signInOk('joao@example.com', 'senha-do-joao', '203.0.113.51')
	}, 60_000)
})

describe('password reset', () => {
	test('end to end: e-mail link, single use, new password works, old sessions are gone', async () => {
		await signUp({ email: 'lia@example.com', password: 'senha-antiga-1' })
		const session = (await signInOk('lia@example.com', 'senha-antiga-1')).headers.getSetCookie()[0]!

		await requestPasswordReset('  LIA@example.com')
		const mail = await latestMailTo('lia@example.com')
		expect(mail?.subject).toBe('Redefinição de senha')
		const token = tokenFromLink(mail!.text, '/auth/redefinir-senha')

		expect(await resetPassword(token, 'curta')).toMatchObject({ ok: false, field: 'password', message: 'A senha deve ter pelo menos 8 caracteres.' })
		// A too-short password does not spend the token.
		expect(await resetPassword(token, 'senha-nova-123')).toMatchObject({ ok: true })
		expect(await resetPassword(token, 'outra-senha-456')).toEqual({ ok: false, field: 'token', message: 'Este link é inválido ou expirou.' })

		expect(await getOptionalUser(requestWithCookies(session))).toBeNull()
		expect(await signIn({ email: 'lia@example.com', password: 'senha-antiga-1', ip: freshIp(), request: new Request('http://loja.test/auth') })).toMatchObject({ ok: false })
		await signInOk('lia@example.com', 'senha-nova-123')
	})

	test('an expired reset link is refused; an unknown e-mail sends nothing', async () => {
		await signUp({ email: 'mia@example.com', password: 'senha-da-mia-1' })
		await requestPasswordReset('mia@example.com')
		const token = tokenFromLink((await latestMailTo('mia@example.com'))!.text, '/auth/redefinir-senha')
		const [row] = await db.select().from(verificationTokens).where(eq(verificationTokens.tokenHash, hashToken(token)))
		// Reset links live one hour.
		const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime()
		expect(lifetime).toBeGreaterThan(59 * 60 * 1000)
		expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000 + 5000)
		await db.update(verificationTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationTokens.id, row!.id))
		expect(await resetPassword(token, 'senha-nova-123')).toMatchObject({ ok: false, field: 'token' })

		const before = (await db.select().from(mailOutbox)).length
		await requestPasswordReset('ninguem-aqui@example.com')
		await requestPasswordReset('isto não é e-mail')
		expect((await db.select().from(mailOutbox)).length).toBe(before)
	})

	test('confirmation links live 24 hours', async () => {
		const result = await signUp({ email: 'nina@example.com', password: 'senha-da-nina' })
		if (!result.ok) throw new Error('cadastro falhou')
		const [row] = await db.select().from(verificationTokens).where(eq(verificationTokens.userId, result.userId))
		const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime()
		expect(Math.round(lifetime / 3_600_000)).toBe(24)
		expect(row!.purpose).toBe('confirm_email')
	})
})
