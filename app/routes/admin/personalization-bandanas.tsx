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
	deleteColour,
	listColours,
	listItems,
	setColourActive,
	setItemPrice,
} from '~/server/personalization/admin-options.server'
import { readFormData } from '~/server/read-form.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/personalization-bandanas'

/** /admin/personalizacao/bandanas (document 001 §2 'Bandana admin'): colours and the extras' prices. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Personalização de Bandanas', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	const [colours, items] = await Promise.all([listColours('bandana'), listItems('bandana')])
	return { colours, items }
}

const actionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('add-colour') }),
	z.object({ intent: z.literal('toggle-colour'), id: z.uuid(), active: z.enum(['true', 'false']) }),
	z.object({ intent: z.literal('delete-colour'), id: z.uuid() }),
	z.object({ intent: z.literal('save-price'), id: z.uuid() }),
])

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = Object.fromEntries([...(await readFormData(request))].filter((e): e is [string, string] => typeof e[1] === 'string'))
	const parsed = actionSchema.safeParse(form)
	if (!parsed.success) return optionAnswer({ ok: false, message: 'Ação inválida.' }, ADMIN_OPTION_MESSAGES.loadFailed)
	const input = parsed.data
	switch (input.intent) {
		case 'add-colour':
			return optionAnswer(await addColour('bandana', form), ADMIN_OPTION_MESSAGES.colourAddFailed)
		case 'toggle-colour':
			return optionAnswer(await setColourActive('bandana', input.id, input.active === 'true'), ADMIN_OPTION_MESSAGES.statusFailed)
		case 'delete-colour':
			return optionAnswer(await deleteColour('bandana', input.id), ADMIN_OPTION_MESSAGES.colourRemoveFailed)
		case 'save-price':
			return optionAnswer(await setItemPrice('bandana', input.id, form.price, actorOf(admin, context)), ADMIN_OPTION_MESSAGES.priceFailed)
	}
}

export default function BandanaAdmin({ loaderData }: Route.ComponentProps) {
	return (
		<AdminPage
			title="Personalização de Bandanas"
			description="Cores oferecidas em /personalize e o preço de cada item."
			actions={<AddColourDialog allowPattern />}
		>
			<div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
				<section aria-labelledby="cores-titulo" className="space-y-3">
					<h2 id="cores-titulo" className="text-lg font-semibold">
						Cores ({loaderData.colours.length})
					</h2>
					<ColourTable colours={loaderData.colours} showType />
				</section>
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Preços dos itens</h2>
						</CardTitle>
					</CardHeader>
					<CardContent className="space-y-4">
						{loaderData.items.map((item) => (
							<PriceForm
								key={item.id}
								label={item.name}
								cents={item.priceCents}
								intent="save-price"
								id={item.id}
								inputId={`preco-${item.id}`}
							/>
						))}
					</CardContent>
				</Card>
			</div>
		</AdminPage>
	)
}
