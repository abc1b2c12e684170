import { VideoSlotPage } from '~/components/admin/media/video-slot-page'
import { loadVideoSlot, videoSlotAction } from '~/server/media/video-slot-page.server'
import { pageTitle } from '~/utils/meta'
import type { Route } from './+types/banner-video'

/** /admin/banner (document 001 §2, §4, §8): app/components/admin/media/video-slot-page.tsx. */

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle('Vídeo do banner', matches) }]

export async function loader({ request }: Route.LoaderArgs) {
	return loadVideoSlot(request, 'banner')
}

export async function action({ request }: Route.ActionArgs) {
	return videoSlotAction(request, 'banner')
}

export default function AdminVideoSlot({ loaderData }: Route.ComponentProps) {
	return <VideoSlotPage slot="banner" video={loaderData.video} loadFailed={loaderData.loadFailed} />
}
