import { ImageIcon } from '~/components/icons/lucide'
import { useEffect, useRef } from 'react'
import { data, useActionData } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Label } from '~/components/ui/label'
import { PhotoUploadStatus, usePhotoUpload } from '~/components/ui/photo-upload'
import { Textarea } from '~/components/ui/textarea'
import { PHOTO_MESSAGES, photosOfUser, sendPhoto } from '~/server/account/photos.server'
import { getStoreSettings } from '~/server/settings.server'
import { requireUser } from '~/server/auth/guards.server'
import { createToastHeaders } from '~/server/toast.server'
import { formatDate } from '~/utils/format'
import { pageTitle } from '~/utils/meta'
import { uploadFailureMessage } from '~/utils/photo-upload'
import { PRIVATE_NO_STORE, routeHeaders } from '~/utils/route-headers'
import { useHydrated } from '~/utils/use-hydrated'
import { useSerialRevalidate } from '~/utils/use-serial-revalidate'
import type { Route } from './+types/photos'

/**
 * /user/photos 'Minhas Fotos' (document 001 §2): send a photo (image, optional caption) and see
 * your own, newest first, with Aprovada / Aguardando. Others see a photo only once approved.
 */

// Loader and action headers (Retry-After on a refused upload) reach the client only through this.
export const headers = routeHeaders(PRIVATE_NO_STORE)

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Minhas Fotos', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	const user = await requireUser(request)
	const [photos, { loyaltyPoints, photoPointsPerDay }] = await Promise.all([photosOfUser(user.id), getStoreSettings()])
	return { photos, points: { sent: loyaltyPoints.photoSent, approved: loyaltyPoints.photoApproved, perDay: photoPointsPerDay } }
}

export async function action({ request, context }: Route.ActionArgs) {
	const user = await requireUser(request)
	const result = await sendPhoto(request, user.id, context.clientIp)
	const toast = result.ok
		? { type: 'success' as const, title: result.message, description: result.note ?? undefined }
		: {
				type: 'error' as const,
				title: result.message === PHOTO_MESSAGES.missing ? result.message : PHOTO_MESSAGES.failed,
				description: result.message,
			}
	const headers = createToastHeaders(toast)
	if (!result.ok && result.retryAfterSeconds) headers.set('Retry-After', String(result.retryAfterSeconds))
	const body = result.ok
		? { ok: true, message: result.message, pointsAwarded: result.pointsAwarded, note: result.note }
		: { ok: false, message: result.message }
	return data(body, { status: result.status, headers })
}

export default function Photos({ loaderData }: Route.ComponentProps) {
	return (
		<main className="mx-auto w-full max-w-5xl p-4 md:p-8">
			<h1 className="text-2xl font-bold md:text-3xl">Minhas Fotos</h1>
			{/* A new photo in the list remounts the form, empty for the next one; a refusal keeps it. */}
			<SendPhotoForm key={loaderData.photos.length} points={loaderData.points} />
			<section aria-labelledby="fotos-enviadas" className="mt-8">
				<h2 id="fotos-enviadas" className="text-lg font-semibold">
					Fotos enviadas
				</h2>
				{loaderData.photos.length === 0 ? (
					<div className="mt-3 flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-muted-foreground">
						<ImageIcon className="size-8" aria-hidden="true" />
						<p>Nenhuma foto enviada</p>
					</div>
				) : (
					<ul className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
						{loaderData.photos.map((photo) => (
							<li key={photo.id} className="overflow-hidden rounded-lg border" data-testid="minha-foto">
								<img src={photo.url} alt={photo.caption ?? 'Foto enviada'} loading="lazy" className="aspect-square w-full object-cover" />
								<div className="space-y-1 p-2 text-sm">
									<Badge variant={photo.isApproved ? 'default' : 'secondary'}>{photo.isApproved ? 'Aprovada' : 'Aguardando'}</Badge>
									{photo.caption ? <p className="break-words">{photo.caption}</p> : null}
									<p className="text-xs text-muted-foreground">{formatDate(photo.createdAt)}</p>
								</div>
							</li>
						))}
					</ul>
				)}
			</section>
		</main>
	)
}

/**
 * The form posts as a plain form when JavaScript is not there (the server's 5 MB limit and its
 * message apply, shown below from the action's answer). With JavaScript, the chosen photo is
 * shrunk in the browser and sent with its progress (decision 073) to the route's own URL; a
 * failure keeps the caption and offers 'Tentar novamente'.
 */
function SendPhotoForm({ points }: { points: { sent: number; approved: number; perDay: number } }) {
	const answer = useActionData<typeof action>()
	const hydrated = useHydrated()
	const photo = usePhotoUpload()
	const revalidate = useSerialRevalidate()
	const form = useRef<HTMLFormElement>(null)
	const { phase } = photo.state
	const { choose } = photo
	// A photo picked before the page was interactive has had no change event: prepare it now.
	useEffect(() => {
		const picked = form.current?.querySelector<HTMLInputElement>('#foto')?.files?.[0]
		if (picked) void choose(picked)
	}, [choose])
	const canSend = phase === 'ready' || phase === 'failed'

	const send = async () => {
		if (!form.current) return
		// The bare URL: the document POST the form itself would make, which every body limit
		// already honours (the `.data` form's limit is issue 28, defect 1). The answer is a page;
		// its status says how it went and the action's message is read from it.
		const response = await photo.send('/user/photos', new FormData(form.current), 'photo', { accept: 'text/html' })
		if (!response) return
		if (response.status >= 200 && response.status < 300) {
			// The list gains the photo (the form is remounted empty) and the success toast arrives.
			await revalidate()
			return
		}
		photo.fail(uploadFailureMessage(response.status, messageInPage(response.text)))
		// The action's error toast waits in its cookie; show it now rather than on the next page.
		void revalidate()
	}

	return (
		<Card className="mt-6">
			<CardHeader>
				<CardTitle>
					<h2>Enviar foto</h2>
				</CardTitle>
			</CardHeader>
			<CardContent>
				<form
					ref={form}
					method="post"
					encType="multipart/form-data"
					className="space-y-4"
					onSubmit={(event) => {
						event.preventDefault()
						if (canSend) void send()
					}}
				>
					<div className="space-y-2">
						<Label htmlFor="foto">Foto</Label>
						<input
							id="foto"
							name="photo"
							type="file"
							accept="image/*,.heic,.heif"
							required
							disabled={phase === 'sending'}
							aria-describedby={phase === 'idle' ? undefined : 'foto-envio'}
							onChange={(event) => void photo.choose(event.currentTarget.files?.[0])}
							className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium"
						/>
						<PhotoUploadStatus id="foto-envio" state={photo.state} onRetry={() => void send()} />
					</div>
					<div className="space-y-2">
						<Label htmlFor="legenda">Legenda (opcional)</Label>
						<Textarea id="legenda" name="caption" rows={3} maxLength={300} />
					</div>
					<p className="text-sm text-muted-foreground">
						{points.perDay > 0
							? `Ganhe ${points.sent} pontos ao enviar (até ${points.perDay} ${points.perDay === 1 ? 'foto' : 'fotos'} por dia) e mais ${points.approved} quando a foto for aprovada.`
							: `Ganhe ${points.approved} pontos quando a foto for aprovada.`}
					</p>
					{answer ? (
						<p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'text-sm' : 'text-sm text-destructive'} data-envio-resposta="">
							{answer.message}
						</p>
					) : null}
					{/* Before hydration the plain form must be able to post, so the button is only disabled by the script. */}
					<Button type="submit" disabled={hydrated && !canSend}>
						{phase === 'sending' ? 'Enviando...' : phase === 'preparing' ? 'Preparando a foto…' : 'Enviar Foto'}
					</Button>
				</form>
			</CardContent>
		</Card>
	)
}

/** The action's message in the page answered to a document POST (the element above). */
function messageInPage(html: string): string | null {
	if (!html.includes('data-envio-resposta')) return null
	const element = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-envio-resposta]')
	return element?.textContent?.trim() || null
}
