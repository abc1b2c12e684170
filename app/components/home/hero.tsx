import { MessageCircleHeartIcon, PaletteIcon } from '~/components/icons/lucide'
import { Link } from 'react-router'
import { useShopUi } from '~/components/shop/shop-ui'
import { Button } from '~/components/ui/button'
import { DEFAULT_HOME_VIDEOS, HOME_POSTER_IMAGE, videoSourceChain } from '~/utils/home-sections'
import { BackgroundVideo } from './background-video'

/**
 * document 000 §2 'Home page' hero: headline, tagline, 'Compre com a Aria' (opens the chat)
 * and 'Crie sua bandana' (/personalize), over a looping background video: the configured
 * one, else the shop's default. The gradient underneath shows only if the still is missing.
 */
export function Hero({ videoUrl, posterUrl }: { videoUrl: string | null; posterUrl: string | null }) {
	// The configured video's own still (issue 11) when it has one, else the default's first frame.
	const still = videoUrl && posterUrl ? posterUrl : HOME_POSTER_IMAGE
	const { setChatOpen } = useShopUi()
	return (
		<section
			aria-labelledby="hero-title"
			className="relative isolate overflow-hidden bg-gradient-to-br from-[#4a0c29] via-[#831843] to-[#9d174d] text-white"
		>
			{/*
			 * The still (the default video's first frame) is the first paint and the final
			 * fallback: a failed video removes itself and leaves it (document 000 §4/§8).
			 */}
			<img
				src={still}
				alt=""
				aria-hidden="true"
				width={960}
				height={540}
				fetchPriority="high"
				decoding="async"
				className="absolute inset-0 -z-10 size-full object-cover"
				data-testid="hero-still"
			/>
			<BackgroundVideo sources={videoSourceChain(videoUrl, DEFAULT_HOME_VIDEOS)} poster={still} className="-z-10" />
			{/* Keeps the white text readable whatever the video shows. */}
			<div aria-hidden="true" className="absolute inset-0 -z-10 bg-black/40" />
			<div className="mx-auto flex min-h-[26rem] w-full max-w-7xl flex-col items-center justify-center gap-5 px-4 py-16 text-center sm:min-h-[32rem] sm:py-24">
				<h1 id="hero-title" className="max-w-3xl text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
					Estilo Exclusivo Para Seu Pet
				</h1>
				<p className="max-w-xl text-lg text-pretty text-white/90 sm:text-xl">Acessórios personalizados que fazem a diferença</p>
				<div className="mt-2 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
					<Button
						type="button"
						size="lg"
						className="bg-white text-[#831843] hover:bg-white/90 focus-visible:ring-white"
						onClick={() => setChatOpen(true)}
					>
						<MessageCircleHeartIcon aria-hidden="true" />
						Compre com a Aria
					</Button>
					<Button
						asChild
						size="lg"
						variant="outline"
						className="border-white bg-transparent text-white hover:bg-white/15 hover:text-white focus-visible:ring-white"
					>
						<Link to="/personalize">
							<PaletteIcon aria-hidden="true" />
							Crie sua bandana
						</Link>
					</Button>
				</div>
			</div>
		</section>
	)
}
