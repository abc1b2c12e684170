import { InstagramIcon } from '~/components/icons/lucide'
import { SectionHeading } from './section-heading'

/*
 * document 000 §2: an Instagram embed with 7 post links. The embed script is not loaded
 * (our CSP allows no outside scripts and the shop must work offline), so the posts are
 * plain links that open Instagram in a new tab. The documents do not give the posts'
 * addresses, so each card opens the store's profile (the Instagram setting); pictures are
 * drawn by the demo-image route, with nothing downloaded.
 */

type ShowcasePost = { caption: string; image: string }

const picture = (name: string, query: string) => `/imagens/demo/${name}.svg?${query}`

export const INSTAGRAM_POSTS: readonly ShowcasePost[] = [
	{
		caption: 'Bandana xadrez no passeio de domingo',
		image: picture('instagram-1', 'forma=bandana&cor=%23be185d&cor2=%23fde7f0&padrao=xadrez'),
	},
	{ caption: 'Lacinho novo para o banho e tosa', image: picture('instagram-2', 'forma=laco&cor=%23f472b6&padrao=poa&cor2=%23ffffff') },
	{ caption: 'Colar com nome bordado', image: picture('instagram-3', 'forma=coleira&cor=%237a1240') },
	{ caption: 'Gravata para o casamento da tutora', image: picture('instagram-4', 'forma=gravata&cor=%231e3a8a&cor2=%23fde68a&padrao=poa') },
	{ caption: 'Box de presente chegando', image: picture('instagram-5', 'forma=caixa&cor=%23be185d&cor2=%23fbcfe8&padrao=xadrez') },
	{ caption: 'Cachecol para os dias frios', image: picture('instagram-6', 'forma=cachecol&cor=%2315803d&cor2=%23fef3c7&padrao=xadrez') },
	{ caption: 'Bandana neutra para todo dia', image: picture('instagram-7', 'forma=bandana&cor=%23a8a29e') },
]

/** '@petestilo' from 'https://www.instagram.com/petestilo/'; null when the address has no handle. */
export function instagramHandle(url: string): string | null {
	const match = /instagram\.com\/([A-Za-z0-9._]+)/i.exec(url)
	return match?.[1] ? `@${match[1]}` : null
}

/** Hidden when the store has no Instagram configured. */
export function InstagramShowcase({ instagramUrl }: { instagramUrl: string | null }) {
	if (!instagramUrl) return null
	const handle = instagramHandle(instagramUrl)
	return (
		<section aria-labelledby="instagram-title" className="mx-auto w-full max-w-7xl px-4 py-8 sm:py-12" data-testid="home-instagram">
			<SectionHeading
				id="instagram-title"
				title="Siga a gente no Instagram"
				description={handle ? `Fotos dos nossos clientes de quatro patas em ${handle}` : 'Fotos dos nossos clientes de quatro patas'}
			/>
			<ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] lg:mx-0 lg:grid lg:grid-cols-7 lg:overflow-visible lg:px-0 lg:pb-0">
				{INSTAGRAM_POSTS.map((post) => (
					<li key={post.image} className="w-40 shrink-0 snap-start sm:w-44 lg:w-auto">
						<a
							href={instagramUrl}
							target="_blank"
							rel="noopener noreferrer"
							className="group relative block aspect-square overflow-hidden rounded-xl bg-muted focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
						>
							<img
								src={post.image}
								alt=""
								width={400}
								height={400}
								sizes="(min-width: 1024px) 14vw, 176px"
								loading="lazy"
								decoding="async"
								className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
							/>
							<span className="absolute inset-x-0 bottom-0 flex items-center gap-1.5 bg-black/65 p-2 text-xs font-medium text-white">
								<InstagramIcon className="size-3.5 shrink-0" aria-hidden="true" />
								<span className="line-clamp-2">{post.caption}</span>
							</span>
							<span className="sr-only"> (abre o Instagram em nova aba)</span>
						</a>
					</li>
				))}
			</ul>
		</section>
	)
}
