import type * as React from 'react'
import { cn } from '~/utils/cn'

/** The frame every back-office page uses: same width, title and intro as the dashboard. */
export function AdminPage({
	title,
	description,
	actions,
	children,
	className,
}: {
	title: string
	description?: string
	actions?: React.ReactNode
	children: React.ReactNode
	className?: string
}) {
	return (
		<main className={cn('mx-auto w-full max-w-6xl p-4 md:p-8', className)}>
			<div className="flex flex-wrap items-end justify-between gap-4">
				{/* A title or intro may be an e-mail (a user's page): it wraps anywhere rather than widen a phone's page. */}
				<div className="min-w-0 [overflow-wrap:anywhere]">
					<h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
					{description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
				</div>
				{actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
			</div>
			<div className="mt-6">{children}</div>
		</main>
	)
}

/** A field's error, tied to its input by id (aria-describedby) and announced. */
export function FieldMessage({ id, message }: { id: string; message?: string | null }) {
	return (
		<p id={id} className="min-h-5 text-sm text-destructive" aria-live="polite">
			{message ?? ''}
		</p>
	)
}

/** Native select styled like Input: works without JavaScript and with every screen reader. */
export function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
	return (
		<select
			className={cn(
				'h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none md:text-sm',
				'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
				'aria-invalid:border-destructive',
				className,
			)}
			{...props}
		/>
	)
}

/** A table that scrolls sideways inside its own box at 375 px instead of widening the page. */
export function TableBox({ children, label, className }: { children: React.ReactNode; label: string; className?: string }) {
	return (
		// Focusable so keyboard users can scroll a wide table at 375 px. `relative`: visually
		// hidden (sr-only, absolutely positioned) cells take this box as containing block, so
		// they are clipped with the table instead of widening the page from their static spot.
		<div className={cn('relative overflow-x-auto rounded-lg border', className)} role="region" aria-label={label} tabIndex={0}>
			{children}
		</div>
	)
}

export const th = 'whitespace-nowrap px-3 py-2 text-left font-semibold'
export const td = 'px-3 py-2 align-top'
