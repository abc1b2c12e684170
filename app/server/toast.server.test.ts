import { describe, expect, test } from 'vitest'
import { combineHeaders, createToastHeaders, getToast, redirectWithToast } from './toast.server'

function requestWithSetCookie(setCookie: string) {
	const pair = setCookie.split(';')[0] ?? ''
	return new Request('http://localhost/', { headers: { cookie: `outro=1; ${pair}` } })
}

describe('flash toasts', () => {
	test('a toast set by redirectWithToast is read once and its cookie cleared', async () => {
		const response = redirectWithToast('/destino', { type: 'success', title: 'Login realizado com sucesso!' })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/destino')
		const [setCookie] = response.headers.getSetCookie()
		expect(setCookie).toMatch(/^loja_toast=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=60/)

		const { toast, headers } = await getToast(requestWithSetCookie(setCookie ?? ''))
		expect(toast).toMatchObject({ type: 'success', title: 'Login realizado com sucesso!' })
		expect(toast?.id).toBeTruthy()
		expect(headers?.get('Set-Cookie')).toMatch(/^loja_toast=; .*Max-Age=0/)
	})

	test('no cookie: no toast and no headers', async () => {
		expect(await getToast(new Request('http://localhost/'))).toEqual({ toast: null, headers: null })
	})

	test('a forged or corrupt cookie gives no toast but is cleared', async () => {
		const forged = Buffer.from(JSON.stringify({ id: 'x', type: 'alert', title: 'oi' })).toString('base64url')
		for (const value of [forged, 'não-base64!!', Buffer.from('{').toString('base64url')]) {
			const result = await getToast(new Request('http://localhost/', { headers: { cookie: `loja_toast=${value}` } }))
			expect(result.toast).toBeNull()
			expect(result.headers?.get('Set-Cookie')).toMatch(/Max-Age=0/)
		}
	})

	test('createToastHeaders keeps the description and other Set-Cookie headers survive combining', async () => {
		const headers = combineHeaders(
			{ 'Set-Cookie': 'loja_session=abc; Path=/' },
			createToastHeaders({ type: 'error', title: 'Acesso negado', description: 'Você não tem permissão para acessar esta área.' }),
		)
		const cookies = headers.getSetCookie()
		expect(cookies).toHaveLength(2)
		const { toast } = await getToast(requestWithSetCookie(cookies[1] ?? ''))
		expect(toast).toMatchObject({ type: 'error', title: 'Acesso negado', description: 'Você não tem permissão para acessar esta área.' })
	})
})
