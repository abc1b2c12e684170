import { VideoSlotPage } from '~/components/admin/media/video-slot-page'
import { loadVideoSlot, videoSlotAction } from '~/server/media/video-slot-page.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/subscription-cta-video'

/** /admin/subscription-cta-video (document 001 §2, §4, §8): app/components/admin/media/video-slot-page.tsx. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Vídeo da CTA de assinatura', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	return loadVideoSlot(request, 'subscription-cta')
}

export async function action({ request }: Route.ActionArgs) {
	return videoSlotAction(request, 'subscription-cta')
}

export default function AdminVideoSlot({ loaderData }: Route.ComponentProps) {
	return <VideoSlotPage slot="subscription-cta" video={loaderData.video} loadFailed={loaderData.loadFailed} />
}
