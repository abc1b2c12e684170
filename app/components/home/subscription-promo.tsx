import { CalendarHeartIcon } from '~/components/icons/lucide'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { DEFAULT_HOME_VIDEOS, videoSourceChain } from '~/utils/home-sections'
import { BackgroundVideo, VideoStill } from './background-video'

/**
 * document 000 §2/§9: the subscription promo in the featured list ('até 50% de desconto',
 * 'Quero Assinar Agora' → /assinaturas), with the configured CTA video behind it, else the
 * shop's default video (§8); the gradient shows while it loads or if both fail. Anchor 'assinaturas' for /#assinaturas links.
 * The video plays on a desktop only (document 001 §4, and the admin page says so): a phone shows
 * the still or the gradient and never requests the video.
 */
export function SubscriptionPromo({ videoUrl, posterUrl = null }: { videoUrl: string | null; posterUrl?: string | null }) {
	return (
		<section id="assinaturas" aria-labelledby="assinaturas-title" className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-10">
			<div className="relative isolate overflow-hidden rounded-2xl bg-gradient-to-r from-[#4a0c29] to-[#831843] px-6 py-10 text-white sm:px-12 sm:py-14">
				{videoUrl && posterUrl ? <VideoStill src={posterUrl} className="-z-10" /> : null}
				<BackgroundVideo
					sources={videoSourceChain(videoUrl, DEFAULT_HOME_VIDEOS)}
					poster={videoUrl && posterUrl ? posterUrl : undefined}
					className="-z-10"
					desktopOnly
				/>
				<div aria-hidden="true" className="absolute inset-0 -z-10 bg-black/35" />
				<div className="flex flex-col items-start gap-4 md:max-w-2xl">
					<p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
						<CalendarHeartIcon className="size-4" aria-hidden="true" />
						Assinatura anual
					</p>
					<h2 id="assinaturas-title" className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">
						Novidades para o seu pet todo mês, com até 50% de desconto
					</h2>
					<p className="text-pretty text-white/90">
						Receba acessórios escolhidos a dedo por 12 meses. Frete grátis incluído na assinatura.
					</p>
					<Button asChild size="lg" className="bg-white text-[#831843] hover:bg-white/90 focus-visible:ring-white">
						<Link to="/assinaturas">Quero Assinar Agora</Link>
					</Button>
				</div>
			</div>
		</section>
	)
}
