import { describe, expect, it } from 'vitest'
import { getSidebarOpen } from '~/server/sidebar.server'
import { getTheme, serializeThemeCookie } from '~/server/theme.server'
import { nextTheme } from '~/utils/theme'
import { sidebarCookie } from '~/utils/sidebar'

const withCookie = (cookie?: string) =>
	new Request('http://loja.test/', cookie === undefined ? {} : { headers: { cookie } })

describe('theme cookie', () => {
	it('is light when there is no cookie (document 000 §1)', () => {
		expect(getTheme(withCookie())).toBe('light')
		expect(getTheme(withCookie('outro=1'))).toBe('light')
	})

	it('reads each allowed value among other cookies', () => {
		expect(getTheme(withCookie('theme=dark'))).toBe('dark')
		expect(getTheme(withCookie('a=1; theme=system; b=2'))).toBe('system')
		expect(getTheme(withCookie('sidebar_state=false;theme=light'))).toBe('light')
	})

	it('falls back to light for unknown or tampered values', () => {
		expect(getTheme(withCookie('theme=purple'))).toBe('light')
		expect(getTheme(withCookie('theme='))).toBe('light')
		expect(getTheme(withCookie('theme=DARK'))).toBe('light')
	})

	it('does not confuse a cookie whose name merely ends in theme', () => {
		expect(getTheme(withCookie('admin_theme=dark'))).toBe('light')
	})

	it('serializes an httpOnly cookie for a year that reads back', () => {
		const header = serializeThemeCookie('dark')
		expect(header).toMatch(/^theme=dark; /)
		expect(header).toContain('Max-Age=31536000')
		expect(header).toContain('HttpOnly')
		expect(header).toContain('Path=/')
		expect(getTheme(withCookie(header.split(';')[0]))).toBe('dark')
	})

	it('toggles to the opposite of what is painted', () => {
		expect(nextTheme('light')).toBe('dark')
		expect(nextTheme('dark')).toBe('light')
	})
})

describe('sidebar cookie', () => {
	it('is expanded by default and when true', () => {
		expect(getSidebarOpen(withCookie())).toBe(true)
		expect(getSidebarOpen(withCookie('sidebar_state=true'))).toBe(true)
		expect(getSidebarOpen(withCookie('sidebar_state=garbage'))).toBe(true)
	})

	it('is collapsed only when the cookie says false', () => {
		expect(getSidebarOpen(withCookie('theme=dark; sidebar_state=false'))).toBe(false)
	})

	it('writes a 7-day cookie that the server reads back', () => {
		const cookie = sidebarCookie(false)
		expect(cookie).toContain('max-age=604800')
		expect(getSidebarOpen(withCookie(cookie.split(';')[0]))).toBe(false)
		expect(getSidebarOpen(withCookie(sidebarCookie(true).split(';')[0]))).toBe(true)
	})
})
