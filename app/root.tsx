import { useEffect, useRef } from 'react'
import { formatCnpj } from '~/commerce/rules/cpf'
import {
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	type ShouldRevalidateFunction,
	useRouteError,
} from 'react-router'
import { toast as showToast } from '~/components/ui/toast'
import { ModulesAfterPaint, useAnnounceHydrated } from '~/components/modules-after-paint'
import { RouteDiscoveryHints } from '~/components/route-discovery-hints'
import { useNonce } from '~/components/nonce'
import { ErrorPageSlot } from '~/components/shop/error-page-slot'
import { LiveUpdates } from '~/components/shop/live-updates'
import { SystemThemeScript, useSyncSystemThemeClass, useTheme } from '~/components/shop/theme'
import { useVisitor } from '~/components/shop/use-root-data'
import { Toaster } from '~/components/ui/toaster'
import { refreshVisitor } from '~/components/shop/visitor'
import { getEnv } from '~/server/env.server'
import { getStoreSettings } from '~/server/settings.server'
import { getTheme } from '~/server/theme.server'
import type { Route } from './+types/root'
import { InlineStylesheet } from '~/components/inline-stylesheet'

// The stylesheet is inlined by entry.server (components/inline-stylesheet.tsx); in development
// Vite also loads it as a module so that edits apply without a reload.
if (import.meta.env.DEV) void import('./styles/app.css')

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ request }: Route.LoaderArgs) {
	const settings = await getStoreSettings()
	return {
		// The one cookie the HTML depends on (the page cache keys on it).
		theme: getTheme(request),
		// Only what the shell shows; PIX, shipping and gift settings stay on the server.
		settings: {
			storeName: settings.storeName,
			logoUrl: settings.logoUrl,
			contactEmail: settings.contactEmail,
			whatsappNumber: settings.whatsappNumber,
			city: settings.city,
			instagramUrl: settings.instagramUrl,
			// Who sells (issue 13): the footer's legal line.
			legalName: settings.legalName,
			cnpj: settings.cnpj ? formatCnpj(settings.cnpj) : null,
			businessAddress: settings.businessAddress,
			// Issue 13: the PIX line beside every price; the app badges in the footer.
			pixDiscountPercent: settings.pixKey ? settings.pixDiscountPercent : 0,
			appStoreUrl: settings.appStoreUrl,
			playStoreUrl: settings.playStoreUrl,
			// Issue 32 (decision 085): the announcement bar's production days, the same the promised dates add.
			productionDays: settings.productionDays,
			// Decision 113: 'Calcular frete' quotes our checkout's shipping; a hosted store's checkout prices its own.
			shippingCalculator: getEnv().COMMERCE_PROVIDER === 'builtin',
		},
	}
}

/** The shell's shared data as the page was rendered with it (hydration), kept for later revalidations. */
let sharedData: Awaited<ReturnType<typeof loader>> | undefined

/**
 * Every revalidation of the root (after every action, on live events) asks for the visitor's
 * own data again (the signed-in person, cart, favourites, flash toast, new badges, theme:
 * components/shop/visitor.ts, decision 049); the page's first answer comes from the App's effect
 * after hydration. Server rendering never sees a visitor, so one rendered page serves everyone;
 * what depends on the visitor is drawn so that its arrival shifts nothing.
 *
 * The shared part is the page's own, kept from hydration: the store settings of the shell change
 * rarely and a page load brings them anew, so a revalidation costs one small request, not a
 * second loader-data request for the root.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
	const [shared, visitor] = await Promise.all([sharedData ?? serverLoader(), refreshVisitor()])
	sharedData = shared
	return { ...shared, theme: visitor?.theme ?? shared.theme }
}

/**
 * React Router skips loaders after an action answered 4xx; the root loader must still run
 * then, because it delivers the flash toast such an action sets (e.g. 'Erro ao fazer login').
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
	formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? true : defaultShouldRevalidate

export const meta: Route.MetaFunction = ({ loaderData }) => {
	const storeName = loaderData?.settings.storeName ?? 'Pet Estilo'
	return [
		{ title: `${storeName} | Acessórios para pets` },
		{ name: 'description', content: `${storeName}: bandanas, colares, lacinhos e acessórios personalizados para seu pet.` },
	]
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	const { preference, resolved } = useTheme()
	useSyncSystemThemeClass(preference, resolved)
	useAnnounceHydrated()
	return (
		// For 'system', the inline script may add `dark` before React hydrates: the class differs on purpose.
		<html lang="pt-BR" className={preference === 'dark' ? 'dark' : undefined} suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				{preference === 'system' ? <SystemThemeScript nonce={nonce} /> : null}
				<Meta />
				<InlineStylesheet />
				<Links />
			</head>
			<body>
				{/* The toast outlet; toasts asked for before it has loaded wait for it (components/ui/toast.ts). */}
				<Toaster theme={resolved} />
				{children}
				<RouteDiscoveryHints />
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
				<ModulesAfterPaint nonce={nonce} />
			</body>
		</html>
	)
}

/** 'Nova conquista!' for each badge the server announced (the server marks them shown). */
function useBadgeToasts() {
	const newBadges = useVisitor()?.newBadges
	useEffect(() => {
		for (const badge of newBadges ?? []) {
			showToast.success(`Nova conquista: ${badge.name}!`, {
				id: `badge-${badge.id}`,
				description: badge.pointsReward > 0 ? `${badge.icon} Você ganhou ${badge.pointsReward} pontos.` : badge.icon,
			})
		}
	}, [newBadges])
}

/** Shows the flash toast from the cookie once; its id keeps a revalidation from showing it again. */
function useFlashToast() {
	const toast = useVisitor()?.toast
	const shown = useRef(new Set<string>())
	useEffect(() => {
		if (!toast || shown.current.has(toast.id)) return
		shown.current.add(toast.id)
		const options = { id: toast.id, description: toast.description }
		if (toast.type === 'success') showToast.success(toast.title, options)
		else if (toast.type === 'error') showToast.error(toast.title, options)
		else showToast(toast.title, options)
	}, [toast])
}

export default function App({ loaderData }: Route.ComponentProps) {
	// The page's own shared data, for the clientLoader's later revalidations (set once, on hydration).
	if (typeof document !== 'undefined') sharedData ??= loaderData
	// Who is looking: asked once the page has hydrated (components/shop/visitor.ts).
	useEffect(() => {
		void refreshVisitor()
	}, [])
	useFlashToast()
	useBadgeToasts()
	return (
		<>
			<LiveUpdates />
			<Outlet />
		</>
	)
}

/** Errors no route handled: a friendly Portuguese page (the 404 page for 404s), without the shop shell. */
export function ErrorBoundary() {
	const error = useRouteError()
	return <ErrorPageSlot>{(pages) => <pages.BoundaryContent error={error} />}</ErrorPageSlot>
}
