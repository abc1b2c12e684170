import { MoonIcon, SunIcon } from '~/components/icons/lucide'
import { useEffect, useSyncExternalStore } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { cn } from '~/utils/cn'
import { DEFAULT_THEME, isTheme, nextTheme, type ResolvedTheme, type Theme } from '~/utils/theme'
import { useInnerHtml } from '~/utils/inner-html'
import { useRootData } from './use-root-data'

/** One shared fetcher for every toggle on the page (header and drawer), so they agree while saving. */
const THEME_FETCHER_KEY = 'theme'
const DARK_QUERY = '(prefers-color-scheme: dark)'

function subscribeToSystemTheme(onChange: () => void) {
	const query = window.matchMedia(DARK_QUERY)
	query.addEventListener('change', onChange)
	return () => query.removeEventListener('change', onChange)
}

/** The operating system's preference; the server cannot know it, so it renders light. */
function useSystemPrefersDark(): boolean {
	return useSyncExternalStore(
		subscribeToSystemTheme,
		() => window.matchMedia(DARK_QUERY).matches,
		() => false,
	)
}

/**
 * The theme preference (cookie, or the value being saved right now: optimistic UI) and the
 * theme actually painted.
 */
export function useTheme(): { preference: Theme; resolved: ResolvedTheme } {
	const rootData = useRootData()
	const fetcher = useFetcher({ key: THEME_FETCHER_KEY })
	const optimistic = fetcher.formData?.get('theme')
	const preference = isTheme(optimistic) ? optimistic : (rootData?.theme ?? DEFAULT_THEME)
	const systemDark = useSystemPrefersDark()
	const resolved: ResolvedTheme = preference === 'system' ? (systemDark ? 'dark' : 'light') : preference
	return { preference, resolved }
}

/**
 * For the 'system' preference only: sets the `dark` class before first paint (the server cannot
 * know the OS setting). Light and dark are rendered by the server as the <html> class.
 */
export function SystemThemeScript({ nonce }: { nonce: string }) {
	const script = `try{if(matchMedia('${DARK_QUERY}').matches)document.documentElement.classList.add('dark')}catch(e){}`
	return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={useInnerHtml(script)} />
}

/**
 * Keeps the <html> class in step with the 'system' preference after hydration (React owns the
 * attribute's value for light/dark; for system it renders no class and this effect adds it).
 */
export function useSyncSystemThemeClass(preference: Theme, resolved: ResolvedTheme) {
	useEffect(() => {
		if (preference !== 'system') return
		document.documentElement.classList.toggle('dark', resolved === 'dark')
	}, [preference, resolved])
}

/**
 * The 'Alternar tema' button. With JavaScript it saves through a fetcher and the page switches at
 * once; without, the surrounding form posts and the server redirects back to this page.
 */
export function ThemeToggle({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
	const fetcher = useFetcher({ key: THEME_FETCHER_KEY })
	const location = useLocation()
	const { resolved } = useTheme()
	const target = nextTheme(resolved)
	return (
		<form
			method="post"
			action="/resources/theme"
			className={className}
			onSubmit={(event) => {
				event.preventDefault()
				void fetcher.submit({ theme: target }, { method: 'post', action: '/resources/theme' })
			}}
		>
			<input type="hidden" name="theme" value={target} />
			<input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
			<Button
				type="submit"
				variant="ghost"
				size={withLabel ? 'default' : 'icon'}
				aria-label="Alternar tema"
				className={cn(withLabel && 'h-auto w-full justify-start gap-3 px-3 py-2.5 text-base font-semibold')}
			>
				{/* Both icons are rendered; CSS picks one, so the server HTML is right even for 'system'. */}
				<SunIcon className="hidden dark:block" aria-hidden="true" />
				<MoonIcon className="dark:hidden" aria-hidden="true" />
				{withLabel ? <span aria-hidden="true">Alternar tema</span> : null}
			</Button>
		</form>
	)
}
