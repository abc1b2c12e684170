import { Link } from 'react-router'
import { cn } from '~/utils/cn'
import { responsiveImageProps } from '~/utils/responsive-image'

// An uploaded logo can have any proportions and its size is not stored (settings keep a URL
// only), so it gets a fixed 160 × 36 box and is fitted inside it, against the left edge: the
// header is laid out before the picture arrives and does not move when it does.
const CUSTOM_LOGO_WIDTH = 160
const CUSTOM_LOGO_HEIGHT = 36

/**
 * The store's logo linking home. An uploaded logo (settings.logoUrl) is used as is; otherwise the
 * bundled paw mark (with a dark-theme variant) sits beside the store name, so renaming the store
 * in the admin needs no new artwork.
 */
export function Logo({ storeName, logoUrl, className }: { storeName: string; logoUrl: string | null; className?: string }) {
	return (
		<Link
			to="/"
			className={cn(
				'inline-flex shrink-0 items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
				className,
			)}
		>
			{logoUrl ? (
				<img
					{...responsiveImageProps(logoUrl, { sizes: `${CUSTOM_LOGO_WIDTH}px` })}
					alt={storeName}
					width={CUSTOM_LOGO_WIDTH}
					height={CUSTOM_LOGO_HEIGHT}
					className="h-9 w-40 object-contain object-left"
				/>
			) : (
				<>
					<img src="/logo-light.svg" alt="" width={36} height={36} className="size-9 dark:hidden" />
					<img src="/logo-dark.svg" alt="" width={36} height={36} className="hidden size-9 dark:block" />
					<span className="text-lg font-extrabold tracking-tight text-primary">{storeName}</span>
				</>
			)}
		</Link>
	)
}
