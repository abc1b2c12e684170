import { describe, expect, test } from 'vitest'
import { withTestDatabase } from '#tests/setup/with-database'
import { launchNotifications } from '~/db/schema'
import { db } from '~/server/db.server'
import { getToast } from '~/server/toast.server'
import { action, LAUNCH_RATE_LIMIT, loader, meta } from './coming-soon'

withTestDatabase()

type ActionResult = { init: ResponseInit | null; data: { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null } }

let ipCounter = 0
/** Each test gets its own client address so rate-limit budgets do not leak between tests. */
function freshIp() {
	ipCounter += 1
	return `198.51.100.${ipCounter}`
}

async function submit(email: string | null, clientIp: string) {
	const body = new FormData()
	if (email !== null) body.set('email', email)
	const request = new Request('http://loja.test/em-breve', { method: 'POST', body })
	// Action args as React Router passes them; `never` fits the route's Args type.
	return (await action({ request, params: {}, context: { cspNonce: '', clientIp } } as never)) as unknown as ActionResult
}

async function rowsFor(email: string) {
	const rows = await db.select().from(launchNotifications)
	return rows.filter((row) => row.email === email)
}

async function toastTitle(result: ActionResult) {
	const cookie = new Headers(result.init?.headers).getSetCookie()[0]
	if (!cookie) return null
	const { toast } = await getToast(new Request('http://loja.test/', { headers: { Cookie: cookie.split(';')[0] ?? '' } }))
	return toast?.title ?? null
}

describe('/em-breve action', () => {
	test('a valid e-mail is stored once, trimmed and lower-cased, with a success toast', async () => {
		const result = await submit('  Clara@Exemplo.COM ', freshIp())
		expect(result.init?.status ?? 200).toBe(200)
		expect(await toastTitle(result)).toBe('Pronto! Avisaremos você no lançamento.')
		const rows = await rowsFor('clara@exemplo.com')
		expect(rows).toHaveLength(1)
		expect(rows[0]?.topic).toBe('tech')
	})

	test('signing up again answers the same and adds no row', async () => {
		await submit('duda@exemplo.com', freshIp())
		const again = await submit('DUDA@exemplo.com', freshIp())
		expect(again.init?.status ?? 200).toBe(200)
		expect(await toastTitle(again)).toBe('Pronto! Avisaremos você no lançamento.')
		expect(await rowsFor('duda@exemplo.com')).toHaveLength(1)
	})

	test('an invalid e-mail gives 400, a Portuguese message on the field, keeps the text, stores nothing', async () => {
		const before = (await db.select().from(launchNotifications)).length
		const result = await submit('joana@', freshIp())
		expect(result.init?.status).toBe(400)
		expect(result.data.error?.email).toEqual(['Informe um e-mail válido.'])
		expect(result.data.initialValue?.email).toBe('joana@')
		expect(await toastTitle(result)).toBeNull()
		expect((await db.select().from(launchNotifications)).length).toBe(before)

		const empty = await submit(null, freshIp())
		expect(empty.init?.status).toBe(400)
		expect(empty.data.error?.email).toEqual(['Informe seu e-mail.'])
	})

	test('too many attempts from one address are refused with 429 and nothing is stored', async () => {
		const ip = freshIp()
		for (let i = 0; i < LAUNCH_RATE_LIMIT.limit; i += 1) {
			expect((await submit(`pessoa${i}@exemplo.com`, ip)).init?.status ?? 200).toBe(200)
		}
		const refused = await submit('excesso@exemplo.com', ip)
		expect(refused.init?.status).toBe(429)
		expect(refused.data.error?.['']).toEqual(['Muitas tentativas. Tente novamente mais tarde.'])
		expect(new Headers(refused.init?.headers).get('Retry-After')).toMatch(/^\d+$/)
		expect(await rowsFor('excesso@exemplo.com')).toHaveLength(0)
		// Another client is not affected.
		expect((await submit('excesso@exemplo.com', freshIp())).init?.status ?? 200).toBe(200)
	})
})

describe('/em-breve meta', () => {
	test('title carries the store name, and there is a description', () => {
		const tags = meta({ matches: [{ id: 'root', loaderData: { settings: { storeName: 'Loja Teste' } } }] } as never)
		expect(tags).toContainEqual({ title: 'Produtos Tech Em Breve | Loja Teste' })
		expect(tags.some((tag) => 'name' in tag && tag.name === 'description')).toBe(true)
	})

	test('canonical, Open Graph (site name, pt_BR) and Twitter tags like the other pages', async () => {
		const loaderData = await loader()
		const tags = meta({ loaderData, matches: [{ id: 'root', loaderData: { settings: { storeName: 'Loja Teste' } } }] } as never)
		const url = loaderData.canonicalUrl
		expect(url).toMatch(/^https?:\/\/[^/]+\/em-breve$/)
		expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: url })
		expect(tags).toContainEqual({ property: 'og:url', content: url })
		expect(tags).toContainEqual({ property: 'og:title', content: 'Produtos Tech Em Breve | Loja Teste' })
		expect(tags).toContainEqual({ property: 'og:site_name', content: 'Loja Teste' })
		expect(tags).toContainEqual({ property: 'og:locale', content: 'pt_BR' })
		expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' })
		expect(tags).toContainEqual({ name: 'twitter:title', content: 'Produtos Tech Em Breve | Loja Teste' })
	})
})
