import { data } from 'react-router'
import { POLICY_PAGES, type PolicyPath } from '~/components/shop/policy-links'
import { absoluteUrl } from '~/server/seo.server'
import { getStoreSettings } from '~/server/settings.server'
import { pageTitle, shareMeta } from '~/utils/meta'
import { routeHeaders } from '~/utils/route-headers'
import type { Route } from './+types/policy'
import { WithdrawalPolicy } from '~/components/returns/withdrawal-policy'

/**
 * /trocas-e-devolucoes, /privacidade and /termos-de-uso (issue 13): the texts the owner keeps
 * in Admin › Configurações, plain paragraphs (no HTML is stored, so nothing needs sanitising).
 * One module for the three routes; the path says which.
 */
export const headers = routeHeaders()

export async function loader({ request }: Route.LoaderArgs) {
	const path = new URL(request.url).pathname as PolicyPath
	const page = POLICY_PAGES[path]
	if (!page) throw data('Página não encontrada', { status: 404 })
	const settings = await getStoreSettings()
	const paragraphs = settings[page.setting]
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.trim())
		.filter(Boolean)
	// Issue 31: the returns page also says how the shop's withdrawal works (decision 117).
	return { title: page.title, paragraphs, canonicalUrl: absoluteUrl(path), withdrawal: path === '/trocas-e-devolucoes' }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	if (!loaderData) return [{ title: pageTitle('Página não encontrada', matches) }]
	const title = pageTitle(loaderData.title, matches)
	const description = (loaderData.paragraphs[1] ?? loaderData.paragraphs[0] ?? loaderData.title).slice(0, 160)
	return [{ title }, ...shareMeta({ title, description, url: loaderData.canonicalUrl }, matches)]
}

export default function PolicyPage({ loaderData }: Route.ComponentProps) {
	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10">
			<h1 className="text-2xl font-bold sm:text-3xl">{loaderData.title}</h1>
			{loaderData.paragraphs.map((paragraph, index) => (
				// Line breaks inside a paragraph are kept (whitespace-pre-line).
				<p key={index} className="leading-relaxed whitespace-pre-line">
					{paragraph}
				</p>
			))}
			{loaderData.withdrawal ? <WithdrawalPolicy /> : null}
		</main>
	)
}
