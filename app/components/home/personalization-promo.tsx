import { PaletteIcon, PenToolIcon } from '~/components/icons/lucide'
import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { BackgroundVideo, VideoStill } from './background-video'

/**
 * document 000 §2: the personalization promo, "with optional video" — shown beside the
 * text only when one is configured; if it fails to load its frame goes too (§8: the
 * personalization video has no fallback, it is hidden).
 */
export function PersonalizationPromo({ videoUrl, posterUrl = null }: { videoUrl: string | null; posterUrl?: string | null }) {
	const [videoFailed, setVideoFailed] = useState(false)
	const hideVideo = useCallback(() => setVideoFailed(true), [])
	return (
		<section aria-labelledby="personalize-title" className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-10">
			<div className="grid items-center gap-6 overflow-hidden rounded-2xl border bg-secondary p-6 text-secondary-foreground sm:p-10 md:grid-cols-2">
				<div className="space-y-4">
					<p className="text-sm font-semibold tracking-wide uppercase">Personalização</p>
					<h2 id="personalize-title" className="text-2xl font-bold tracking-tight text-balance text-foreground sm:text-3xl">
						Uma bandana com a cara do seu pet
					</h2>
					<p className="text-pretty">
						Escolha a arte, as cores e o tamanho, e borde o nome ou o Instagram do seu pet. Produção em 4 dias úteis e envio para todo o
						Brasil.
					</p>
					<div className="flex flex-col gap-3 sm:flex-row">
						<Button asChild size="lg">
							<Link to="/personalize">
								<PaletteIcon aria-hidden="true" />
								Crie sua bandana
							</Link>
						</Button>
						<Button asChild size="lg" variant="outline">
							<Link to="/personalize-colares">
								<PenToolIcon aria-hidden="true" />
								Personalize colares
							</Link>
						</Button>
					</div>
				</div>
				{videoUrl && !videoFailed ? (
					<div className="relative aspect-video overflow-hidden rounded-xl bg-muted" aria-hidden="true">
						{posterUrl ? <VideoStill src={posterUrl} /> : null}
						<BackgroundVideo sources={[videoUrl]} poster={posterUrl ?? undefined} onExhausted={hideVideo} />
					</div>
				) : null}
			</div>
		</section>
	)
}
