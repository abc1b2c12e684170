import { z } from 'zod'
import { AdminPage } from '~/components/admin/admin-page'
import { AddColourDialog, ColourTable, PriceForm } from '~/components/admin/colour-admin'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { requireAdmin } from '~/server/auth/guards.server'
import { actorOf } from '~/server/activity/record.server'
import { optionAnswer } from '~/server/personalization/admin-action.server'
import {
	ADMIN_OPTION_MESSAGES,
	addColour,
	collarBasePrice,
	deleteColour,
	listColours,
	setCollarBasePrice,
	setColourActive,
} from '~/server/personalization/admin-options.server'
import { readFormData } from '~/server/read-form.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/personalization-collars'

/** /admin/personalizacao/colares (document 001 §2 'Collar admin'): base price and colours. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Personalização de Colares', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const [colours, basePriceCents] = await Promise.all([listColours('collar'), collarBasePrice()])
	// The base product's price: what the shopper pays (decision 134); null when that product is gone.
	return { colours, basePriceCents, baseMissing: basePriceCents === null ? ADMIN_OPTION_MESSAGES.collarBaseMissing : null }
}

const actionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('add-colour') }),
	z.object({ intent: z.literal('toggle-colour'), id: z.uuid(), active: z.enum(['true', 'false']) }),
	z.object({ intent: z.literal('delete-colour'), id: z.uuid() }),
	z.object({ intent: z.literal('save-base-price') }),
])

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = Object.fromEntries([...(await readFormData(request))].filter((e): e is [string, string] => typeof e[1] === 'string'))
	const parsed = actionSchema.safeParse(form)
	if (!parsed.success) return optionAnswer({ ok: false, message: 'Ação inválida.' }, ADMIN_OPTION_MESSAGES.loadFailed)
	const input = parsed.data
	switch (input.intent) {
		case 'add-colour':
			return optionAnswer(await addColour('collar', form), ADMIN_OPTION_MESSAGES.colourAddFailed)
		case 'toggle-colour':
			return optionAnswer(await setColourActive('collar', input.id, input.active === 'true'), ADMIN_OPTION_MESSAGES.statusFailed)
		case 'delete-colour':
			return optionAnswer(await deleteColour('collar', input.id), ADMIN_OPTION_MESSAGES.colourRemoveFailed)
		case 'save-base-price':
			return optionAnswer(await setCollarBasePrice(form.price, actorOf(admin, context)), ADMIN_OPTION_MESSAGES.priceFailed)
	}
}

export default function CollarAdmin({ loaderData }: Route.ComponentProps) {
	return (
		<AdminPage
			title="Personalização de Colares"
			description="Preço base e cores oferecidas em /personalize-colares."
			actions={<AddColourDialog allowPattern={false} />}
		>
			<div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
				<section aria-labelledby="cores-titulo" className="space-y-3">
					<h2 id="cores-titulo" className="text-lg font-semibold">
						Cores ({loaderData.colours.length})
					</h2>
					<ColourTable colours={loaderData.colours} showType={false} />
				</section>
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Preço base</h2>
						</CardTitle>
					</CardHeader>
					<CardContent>
						{loaderData.basePriceCents === null ? (
							<p role="alert" className="text-sm text-destructive">
								{loaderData.baseMissing}
							</p>
						) : (
							<PriceForm label="Preço base por colar" cents={loaderData.basePriceCents} intent="save-base-price" inputId="preco-base" />
						)}
					</CardContent>
				</Card>
			</div>
		</AdminPage>
	)
}
