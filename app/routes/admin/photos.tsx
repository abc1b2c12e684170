import { CheckIcon, XIcon } from '~/components/icons/lucide'
import { data, useFetcher } from 'react-router'
import { z } from 'zod'
import { AdminPage } from '~/components/admin/admin-page'
import type { LiveChannelsHandle } from '~/components/shop/live-updates'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { type AdminPhoto, PHOTO_MESSAGES, approvePhoto, listPhotosForAdmin, rejectPhoto } from '~/server/account/photos.server'
import { requireAdmin } from '~/server/auth/guards.server'
import { actorOf } from '~/server/activity/record.server'
import { readFormData } from '~/server/read-form.server'
import { createToastHeaders } from '~/server/toast.server'
import { formatDateTime } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/photos'

/**
 * /admin/fotos (decision 12): customer photos, pending first; approving publishes the photo and
 * awards +20 once, rejecting deletes it with its file; the owner is told by e-mail.
 */

export const handle: LiveChannelsHandle = { liveChannels: ['admin:photos'] }

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Fotos de clientes', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdmin(request)
	return { photos: await listPhotosForAdmin() }
}

const actionSchema = z.object({ intent: z.enum(['approve', 'reject']), id: z.uuid() })

export async function action({ request, context }: Route.ActionArgs) {
	const admin = await requireAdmin(request)
	const form = await readFormData(request)
	const parsed = actionSchema.safeParse({ intent: form.get('intent'), id: form.get('id') })
	if (!parsed.success)
		return data({ ok: false }, { status: 400, headers: createToastHeaders({ type: 'error', title: PHOTO_MESSAGES.updateFailed }) })
	const ok = parsed.data.intent === 'approve' ? await approvePhoto(parsed.data.id, actorOf(admin, context)) : await rejectPhoto(parsed.data.id, actorOf(admin, context))
	const title = ok ? (parsed.data.intent === 'approve' ? PHOTO_MESSAGES.approved : PHOTO_MESSAGES.rejected) : PHOTO_MESSAGES.updateFailed
	return data({ ok }, { status: ok ? 200 : 404, headers: createToastHeaders({ type: ok ? 'success' : 'error', title }) })
}

export default function AdminPhotos({ loaderData }: Route.ComponentProps) {
	const pending = loaderData.photos.filter((p) => !p.isApproved).length
	return (
		<AdminPage title="Fotos de clientes" description={`${pending} aguardando aprovação.`}>
			{loaderData.photos.length === 0 ? (
				<p className="text-sm text-muted-foreground">Nenhuma foto enviada ainda.</p>
			) : (
				// Issue 30: on a phone each photo is a card in one column (picture beside its approve button), from sm a grid.
				<ul className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
					{loaderData.photos.map((photo) => (
						<PhotoCard key={photo.id} photo={photo} />
					))}
				</ul>
			)}
		</AdminPage>
	)
}

function PhotoCard({ photo }: { photo: AdminPhoto }) {
	const fetcher = useFetcher<{ ok: boolean }>()
	if (fetcher.formData?.get('intent') === 'reject') return null
	const approved = fetcher.formData?.get('intent') === 'approve' || photo.isApproved
	return (
		<li className="relative overflow-hidden rounded-lg border max-sm:grid max-sm:grid-cols-[6.5rem_minmax(0,1fr)]" data-testid="foto-cliente">
			{/* Issue 30: a heading first in each card, so a screen reader goes from photo to photo and hears whose it is before the picture (out of the grid's flow: sr-only is absolute). */}
			<h2 className="sr-only">Foto de {photo.userEmail}</h2>
			<img
				src={photo.url}
				alt={photo.caption ?? `Foto de ${photo.userEmail}`}
				loading="lazy"
				className="aspect-square w-full object-cover"
			/>
			<div className="min-w-0 space-y-2 p-2 text-sm">
				<Badge variant={approved ? 'default' : 'secondary'}>{approved ? 'Aprovada' : 'Aguardando'}</Badge>
				{photo.caption ? <p className="break-words">{photo.caption}</p> : null}
				<p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
					{photo.userEmail} · {formatDateTime(photo.createdAt)}
				</p>
				{approved ? null : (
					<div className="flex flex-wrap gap-2">
						<Button type="button" size="sm" onClick={() => void fetcher.submit({ intent: 'approve', id: photo.id }, { method: 'post' })}>
							<CheckIcon aria-hidden="true" />
							Aprovar
						</Button>
						<Button
							type="button"
							size="sm"
							variant="outline"
							onClick={() => {
								if (window.confirm('Reprovar e remover esta foto?'))
									void fetcher.submit({ intent: 'reject', id: photo.id }, { method: 'post' })
							}}
						>
							<XIcon aria-hidden="true" />
							Reprovar
						</Button>
					</div>
				)}
			</div>
		</li>
	)
}
