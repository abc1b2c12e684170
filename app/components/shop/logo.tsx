import { Link } from 'react-router'
import { cn } from '~/utils/cn'

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
				<img src={logoUrl} alt={storeName} className="h-9 w-auto max-w-40 object-contain" />
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
