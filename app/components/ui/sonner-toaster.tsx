import { useEffect } from 'react'
import { Toaster, type ToasterProps } from 'sonner'
import { markToasterReady } from './toast'

function ToasterReady() {
	// Runs after sonner's Toaster (its sibling before it) has subscribed to new toasts.
	useEffect(() => markToasterReady(), [])
	return null
}

/**
 * sonner's Toaster as the shop configures it, loaded with sonner when the outlet mounts
 * (./toaster.tsx): styled from the design tokens so toasts read well in both themes.
 */
export default function SonnerToaster(props: ToasterProps) {
	return (
		<>
			<Toaster
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
			<ToasterReady />
		</>
	)
}
