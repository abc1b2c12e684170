import { randomUUID } from 'node:crypto'
import { redirect } from 'react-router'
import { z } from 'zod'
import { readCookie } from '~/server/cookies.server'

/**
 * Flash toasts, as in the Epic Stack: an action or loader puts one toast in the short-lived
 * `loja_toast` cookie and redirects; the root loader reads it (getToast), renders it with
 * sonner and clears the cookie in the same response.
 *
 * The cookie is plain (base64url JSON), not signed: whoever edits it only changes the text
 * of a toast shown to themselves, and the content is validated with zod and rendered as text.
 */
export const TOAST_COOKIE_NAME = 'loja_toast'

export const toastSchema = z.object({
	id: z.string().min(1).max(100),
	type: z.enum(['success', 'error', 'message']),
	title: z.string().min(1).max(300),
	description: z.string().max(1000).optional(),
})
export type Toast = z.infer<typeof toastSchema>
/** What callers pass: the id is made up when missing, the type defaults to 'message'. */
export type ToastInput = { id?: string; type?: Toast['type']; title: string; description?: string }

function cookieAttributes(maxAgeSeconds: number) {
	const parts = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`]
	if (maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT')
	if (process.env.NODE_ENV === 'production') parts.push('Secure')
	return parts.join('; ')
}

function serializeToast(toast: Toast): string {
	const value = Buffer.from(JSON.stringify(toast), 'utf8').toString('base64url')
	// A minute is plenty for the redirect that follows; a stale toast must not pop up days later.
	return `${TOAST_COOKIE_NAME}=${value}; ${cookieAttributes(60)}`
}

function clearToastCookie(): string {
	return `${TOAST_COOKIE_NAME}=; ${cookieAttributes(0)}`
}

/** Headers carrying one toast, to merge into a data() or redirect() response. */
export function createToastHeaders(input: ToastInput): Headers {
	const toast = toastSchema.parse({ id: input.id ?? randomUUID(), type: input.type ?? 'message', ...stripUndefined(input) })
	return new Headers({ 'Set-Cookie': serializeToast(toast) })
}

function stripUndefined(input: ToastInput) {
	return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined))
}

/** Joins several header sets; Set-Cookie values are appended, never overwritten. */
export function combineHeaders(...sets: Array<HeadersInit | null | undefined>): Headers {
	const combined = new Headers()
	for (const set of sets) {
		if (!set) continue
		for (const [key, value] of new Headers(set).entries()) {
			if (key.toLowerCase() === 'set-cookie') continue
			combined.set(key, value)
		}
		for (const cookie of new Headers(set).getSetCookie()) combined.append('Set-Cookie', cookie)
	}
	return combined
}

/** A redirect that shows `toast` on the next page. */
export function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Response {
	return redirect(url, { ...init, headers: combineHeaders(init?.headers, createToastHeaders(toast)) })
}

/**
 * The pending toast, if any, and the headers that clear its cookie (null when there was no
 * cookie). An invalid cookie gives no toast but is still cleared.
 */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
	const raw = readCookie(request, TOAST_COOKIE_NAME)
	if (raw === null) return { toast: null, headers: null }
	const headers = new Headers({ 'Set-Cookie': clearToastCookie() })
	if (raw === '') return { toast: null, headers }
	let decoded: unknown
	try {
		decoded = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
	} catch {
		return { toast: null, headers }
	}
	const parsed = toastSchema.safeParse(decoded)
	return { toast: parsed.success ? parsed.data : null, headers }
}
