import http from 'node:http'
import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN } from './support/accounts'
import { HttpSession } from './support/http-session'
import { loadBuild, routeTable } from './support/route-table'
import { e2eServer } from './support/e2e-server'

/**
 * Cross-site writes (issue 8 defect 8): every state-changing request from another site is
 * refused 403 before any action runs, page actions and resource routes alike. The routes come
 * from the server build, so a route added later is covered without editing this file.
 * The requests carry the admin's valid session: the strongest cookies a forged form could ride.
 */
const CROSS_SITE_MESSAGE = 'Requisição recusada: ela veio de outro site. Recarregue a página da loja e tente de novo.'
const EVIL = 'https://evil.example'

/** A concrete URL for a route pattern (the check runs before routing, any value will do). */
function samplePath(pattern: string): string {
	return pattern.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x')
}

const FOREIGN_HEADERS: Record<string, Record<string, string>> = {
	'a foreign Origin': { origin: EVIL },
	"Origin 'null'": { origin: 'null' },
	'no Origin, Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
	'no Origin, a foreign Referer': { referer: `${EVIL}/pagina` },
}

describe('origin check on every state-changing request', () => {
	const baseUrl = e2eServer().baseUrl
	const admin = new HttpSession()
	let writablePaths: string[] = []

	beforeAll(async () => {
		await admin.signIn(ADMIN.email, ADMIN.password)
		const table = routeTable(await loadBuild())
		writablePaths = [...new Set(table.filter((route) => route.hasAction).map((route) => samplePath(route.path)))]
	})

	function send(method: string, path: string, headers: Record<string, string>) {
		return fetch(new URL(path, baseUrl), {
			method,
			redirect: 'manual',
			headers: { cookie: admin.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
			body: new URLSearchParams({ intent: 'add', theme: 'dark', email: ADMIN.email, password: ADMIN.password }).toString(),
		})
	}

	async function cartState() {
		const response = await fetch(new URL('/cart', baseUrl), { headers: { cookie: admin.cookieHeader() } })
		expect(response.status).toBe(200)
		return response.text()
	}

	test('the route table has the known actions, pages and resources alike', () => {
		for (const path of ['/cart', '/logout', '/auth', '/checkout', '/resources/favorites', '/resources/reviews', '/resources/views', '/resources/theme']) {
			expect(writablePaths).toContain(path)
		}
	})

	for (const [label, headers] of Object.entries(FOREIGN_HEADERS)) {
		test(`POST with ${label} to every action → 403, no cookie set, nothing changed`, async () => {
			const cartBefore = await cartState()
			const outcomes: string[] = []
			for (const path of writablePaths) {
				const response = await send('POST', path, headers)
				const body = await response.text()
				if (response.status !== 403 || body !== CROSS_SITE_MESSAGE || response.headers.getSetCookie().length > 0) {
					outcomes.push(`${path}: ${response.status} ${body.slice(0, 80)}`)
				}
			}
			expect(outcomes, 'ações que aceitaram um POST de outro site').toEqual([])
			// The session survived /logout, the cart is as it was.
			expect((await admin.get('/admin')).status).toBe(200)
			expect(await cartState()).toBe(cartBefore)
		})
	}

	test('PUT, PATCH and DELETE are checked too', async () => {
		for (const method of ['PUT', 'PATCH', 'DELETE']) {
			const response = await send(method, '/cart', { origin: EVIL })
			expect(response.status, method).toBe(403)
		}
	})

	test('a page action (sign-in) with a foreign Origin is refused, with its own origin it works', async () => {
		const form = { intent: 'signin', email: ADMIN.email, password: ADMIN.password }
		const foreign = await fetch(new URL('/auth', baseUrl), {
			method: 'POST',
			redirect: 'manual',
			headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(form).toString(),
		})
		expect(foreign.status).toBe(403)
		expect(foreign.headers.getSetCookie()).toEqual([])
		const own = new HttpSession()
		await own.signIn(ADMIN.email, ADMIN.password)
		// Same-origin requests from the shop's pages: Origin, or only Sec-Fetch-Site: same-origin.
		const sameOrigin = await fetch(new URL('/resources/theme', baseUrl), {
			method: 'POST',
			headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
			body: 'theme=dark',
		})
		expect(sameOrigin.status).toBe(200)
	})

	test('without PUBLIC_URL the shop answers only loopback host names (421 otherwise)', async () => {
		const url = new URL(baseUrl)
		const get = (host: string) =>
			new Promise<{ status: number; body: string }>((resolve, reject) => {
				const request = http.get({ host: url.hostname, port: url.port, path: '/', headers: { host } }, (response) => {
					let body = ''
					response.setEncoding('utf8')
					response.on('data', (chunk: string) => (body += chunk))
					response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
				})
				request.on('error', reject)
			})
		const foreign = await get('evil.example')
		expect(foreign.status).toBe(421)
		expect(foreign.body).toContain('esta loja não atende por este nome de site')
		expect((await get(`localhost:${url.port}`)).status).toBe(200)
	})
})
