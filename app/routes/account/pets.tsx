import { PawPrintIcon, Trash2Icon } from '~/components/icons/lucide'
import { data, Form, useActionData, useNavigation } from 'react-router'
import { PetForm, type PetFormFields } from '~/components/account/pet-form'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { addPet, deletePet, MAX_PETS, PET_MESSAGES, petsOf, updatePet } from '~/server/account/pets.server'
import { requireUser } from '~/server/auth/guards.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders, redirectWithToast } from '~/server/toast.server'
import { formatDate } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/pets'

/**
 * /user/pets 'Meus Pets' (issue 10): the customer's pets with name, breed, neck and birthday;
 * the neck gives the size the product pages suggest. Plain forms: works without JavaScript.
 */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Meus Pets', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	return { pets: await petsOf(user.id), maxPets: MAX_PETS }
}

type Answer = { id: string | null; errors: Record<string, string>; values: PetFormFields }

export async function action({ request }: Route.ActionArgs) {
	const user = await requireUser(request)
	const form = await readFormData(request)
	const text = (name: string) => {
		const value = form.get(name)
		return typeof value === 'string' ? value : ''
	}
	const intent = text('intent')
	const id = text('id')
	const values: PetFormFields = { name: text('name'), breed: text('breed'), neckCm: text('neckCm'), birthday: text('birthday') }
	const result =
		intent === 'add'
			? await addPet(user.id, values)
			: intent === 'update'
				? await updatePet(user.id, id, values)
				: intent === 'delete'
					? await deletePet(user.id, id)
					: ({ ok: false, status: 400, errors: { form: 'Ação inválida.' } } as const)
	if (!result.ok) {
		return data({ id: intent === 'add' ? null : id, errors: result.errors, values } satisfies Answer, {
			status: result.status,
			headers: createToastHeaders({ type: 'error', title: PET_MESSAGES.failed, description: Object.values(result.errors)[0] }),
		})
	}
	return redirectWithToast('/user/pets', { type: 'success', title: result.message })
}

const EMPTY: PetFormFields = { name: '', breed: '', neckCm: '', birthday: '' }

export default function Pets({ loaderData }: Route.ComponentProps) {
	const { pets, maxPets } = loaderData
	const answer = useActionData<typeof action>() as Answer | undefined
	const busy = useNavigation().state === 'submitting'
	return (
		<main className="mx-auto w-full max-w-3xl space-y-6 p-4 md:p-8">
			<div>
				<h1 className="text-2xl font-bold md:text-3xl">Meus Pets</h1>
				<p className="mt-1 text-muted-foreground">Com a medida do pescoço, sugerimos o tamanho certo nas bandanas e colares.</p>
			</div>
			{pets.length === 0 ? (
				<p className="flex items-center gap-2 text-muted-foreground">
					<PawPrintIcon className="size-5" aria-hidden="true" />
					Nenhum pet cadastrado ainda.
				</p>
			) : (
				<ul className="space-y-3">
					{pets.map((pet) => (
						<li key={pet.id}>
							<Card data-testid="meu-pet">
								<CardContent className="space-y-3 pt-6">
									<div className="flex flex-wrap items-start justify-between gap-2">
										<div>
											<h2 className="text-lg font-semibold">{pet.name}</h2>
											<p className="text-sm text-muted-foreground">
												{[
													pet.breed,
													pet.neckCm ? `pescoço ${pet.neckCm} cm` : null,
													pet.birthday ? `aniversário ${formatDate(`${pet.birthday}T12:00:00`)}` : null,
												]
													.filter(Boolean)
													.join(' · ') || 'Sem detalhes'}
											</p>
										</div>
										<Form method="post">
											<input type="hidden" name="intent" value="delete" />
											<input type="hidden" name="id" value={pet.id} />
											<Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={`Remover ${pet.name}`}>
												<Trash2Icon aria-hidden="true" />
												Remover
											</Button>
										</Form>
									</div>
									<details open={answer?.id === pet.id}>
										<summary className="cursor-pointer text-sm font-medium text-primary">Editar {pet.name}</summary>
										<div className="pt-3">
											<PetForm
												id={pet.id}
												values={
													answer?.id === pet.id
														? answer.values
														: { name: pet.name, breed: pet.breed ?? '', neckCm: pet.neckCm ?? '', birthday: pet.birthday ?? '' }
												}
												errors={answer?.id === pet.id ? answer.errors : undefined}
												busy={busy}
												submitLabel="Salvar"
											/>
										</div>
									</details>
								</CardContent>
							</Card>
						</li>
					))}
				</ul>
			)}
			{pets.length < maxPets ? (
				<Card>
					<CardHeader>
						<CardTitle>
							<h2>Cadastrar pet</h2>
						</CardTitle>
					</CardHeader>
					<CardContent>
						<PetForm
							// A saved pet clears the form; a refused one keeps what was typed.
							key={answer && answer.id === null ? 'refused' : `novo-${pets.length}`}
							id={null}
							values={answer && answer.id === null ? answer.values : EMPTY}
							errors={answer && answer.id === null ? answer.errors : undefined}
							busy={busy}
							submitLabel="Cadastrar"
						/>
					</CardContent>
				</Card>
			) : (
				<p className="text-sm text-muted-foreground">Você chegou ao limite de {maxPets} pets.</p>
			)}
		</main>
	)
}
