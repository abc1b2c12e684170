import type { SVGProps } from 'react'
import spriteHref from './lucide-sprite.svg?url'

/**
 * Lucide's icons drawn from one sprite file instead of from JavaScript (issue 34, decision 147).
 *
 * lucide-react puts each icon's path data in the page's JavaScript (4 to 5 KB gzip of every
 * storefront page's first load) so that React can create the paths. Here an icon is an `<svg>`
 * that points into a static, hashed, long-cached SVG file of `<symbol>`s with `<use>`: the same
 * box, stroke and attributes as lucide-react's own `<svg>` (the symbols carry only the shapes, which
 * inherit fill and stroke from it, so the fill and text colour classes still colour them), and
 * no path data in any script. `scripts/icon-sprite.ts` writes the sprite and the `lucide/` modules
 * from the icons app/ imports; `sprite-icon.test.ts` fails when they are out of date.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>
export type LucideIcon = (props: IconProps) => React.JSX.Element

/** An icon component for the sprite's symbol `name` (lucide's kebab-case file name). */
export function spriteIcon(name: string): LucideIcon {
	function Icon(props: IconProps) {
		// As lucide-react (its hasA11yProp): decorative unless the caller gives it an aria-*, a role or a title.
		const named = Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title')
		return (
			<svg
				xmlns="http://www.w3.org/2000/svg"
				width={24}
				height={24}
				viewBox="0 0 24 24"
				fill="none"
				stroke="currentColor"
				strokeWidth={2}
				strokeLinecap="round"
				strokeLinejoin="round"
				aria-hidden={named ? undefined : 'true'}
				{...props}
			>
				<use href={`${spriteHref}#${name}`} />
			</svg>
		)
	}
	Icon.displayName = name
	return Icon
}
