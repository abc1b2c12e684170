import { Toaster as Sonner, type ToasterProps } from 'sonner'

/**
 * The app's toast outlet (sonner). Styled from the design tokens so toasts read well in both themes;
 * `theme` is passed by the root so it follows the same preference as the page.
 */
export function Toaster({ theme = 'light', ...props }: ToasterProps) {
	return (
		<Sonner
			theme={theme}
			className="toaster group"
			position="top-center"
			closeButton
			toastOptions={{
				classNames: {
					toast: 'font-sans',
					description: 'text-muted-foreground!',
				},
			}}
			style={
				{
					'--normal-bg': 'var(--popover)',
					'--normal-text': 'var(--popover-foreground)',
					'--normal-border': 'var(--border)',
				} as React.CSSProperties
			}
			{...props}
		/>
	)
}
