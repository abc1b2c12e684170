import { PanelLeftIcon } from '~/components/icons/lucide'
import { Slot as SlotPrimitive } from 'radix-ui'
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type * as React from 'react'
import { Button } from '~/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '~/components/ui/sheet'
import { cn } from '~/utils/cn'
import {
	SIDEBAR_KEYBOARD_SHORTCUT,
	SIDEBAR_WIDTH,
	SIDEBAR_WIDTH_ICON,
	SIDEBAR_WIDTH_MOBILE,
	sidebarCookie,
} from '~/utils/sidebar'

/**
 * A collapsible sidebar for /user and /admin (document 001 §2, §4, §9): 16rem expanded,
 * 3rem (icons only) collapsed, an 18rem drawer under 768 px. Ctrl/Cmd+B toggles it; the
 * desktop state is kept in the `sidebar_state` cookie for 7 days and read by the server,
 * so the first paint already has the right width.
 */
const MOBILE_QUERY = '(max-width: 767px)'

type SidebarContextValue = {
	state: 'expanded' | 'collapsed'
	open: boolean
	setOpen: (open: boolean) => void
	openMobile: boolean
	setOpenMobile: (open: boolean) => void
	toggleSidebar: () => void
}

const SidebarContext = createContext<SidebarContextValue | null>(null)

export function useSidebar(): SidebarContextValue {
	const context = useContext(SidebarContext)
	if (!context) throw new Error('useSidebar must be used within a SidebarProvider.')
	return context
}

export function SidebarProvider({
	defaultOpen = true,
	className,
	style,
	children,
	...props
}: React.ComponentProps<'div'> & { defaultOpen?: boolean }) {
	const [open, setOpenState] = useState(defaultOpen)
	const [openMobile, setOpenMobile] = useState(false)

	const setOpen = useCallback((value: boolean) => {
		setOpenState(value)
		document.cookie = sidebarCookie(value)
	}, [])

	// Decided at the moment of the click, so server and first client render need not guess the screen size.
	const toggleSidebar = useCallback(() => {
		if (window.matchMedia(MOBILE_QUERY).matches) setOpenMobile((value) => !value)
		else setOpen(!open)
	}, [open, setOpen])

	useEffect(() => {
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey) && !event.altKey) {
				event.preventDefault()
				toggleSidebar()
			}
		}
		window.addEventListener('keydown', onKeyDown)
		return () => window.removeEventListener('keydown', onKeyDown)
	}, [toggleSidebar])

	const state = open ? 'expanded' : 'collapsed'
	const value = useMemo<SidebarContextValue>(
		() => ({ state, open, setOpen, openMobile, setOpenMobile, toggleSidebar }),
		[state, open, setOpen, openMobile, toggleSidebar],
	)

	return (
		<SidebarContext.Provider value={value}>
			<div
				data-slot="sidebar-wrapper"
				style={
					{
						'--sidebar-width': SIDEBAR_WIDTH,
						'--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
						...style,
					} as React.CSSProperties
				}
				className={cn('group/sidebar-wrapper flex min-h-dvh w-full', className)}
				{...props}
			>
				{children}
			</div>
		</SidebarContext.Provider>
	)
}

/**
 * The sidebar: a drawer on small screens, a fixed column on larger ones. `label` names the
 * navigation landmark and the mobile drawer.
 */
export function Sidebar({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
	const { state, openMobile, setOpenMobile } = useSidebar()
	return (
		<>
			<Sheet open={openMobile} onOpenChange={setOpenMobile}>
				<SheetContent
					side="left"
					data-sidebar="sidebar"
					data-mobile="true"
					className="gap-0 bg-sidebar p-0 text-sidebar-foreground sm:max-w-none [&>button]:hidden"
					style={{ width: SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
				>
					<SheetHeader className="sr-only">
						<SheetTitle>{label}</SheetTitle>
						<SheetDescription>Navegação da área</SheetDescription>
					</SheetHeader>
					<nav aria-label={label} className="flex h-full w-full flex-col">
						{children}
					</nav>
				</SheetContent>
			</Sheet>
			<div
				className="group peer hidden text-sidebar-foreground md:block"
				data-state={state}
				data-collapsible={state === 'collapsed' ? 'icon' : ''}
				data-slot="sidebar"
			>
				{/* Reserves the sidebar's width in the page flow; the sidebar itself is fixed. */}
				<div className="relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)" />
				<nav
					aria-label={label}
					className={cn(
						'fixed inset-y-0 left-0 z-10 hidden h-dvh w-(--sidebar-width) flex-col border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear md:flex',
						'group-data-[collapsible=icon]:w-(--sidebar-width-icon)',
						className,
					)}
				>
					{children}
				</nav>
			</div>
		</>
	)
}

export function SidebarTrigger({ className, onClick, ...props }: React.ComponentProps<typeof Button>) {
	const { toggleSidebar, open } = useSidebar()
	return (
		<Button
			data-sidebar="trigger"
			variant="ghost"
			size="icon"
			className={cn('size-9', className)}
			aria-label="Alternar menu lateral"
			title="Alternar menu lateral (Ctrl+B)"
			aria-expanded={open}
			onClick={(event) => {
				onClick?.(event)
				toggleSidebar()
			}}
			{...props}
		>
			<PanelLeftIcon aria-hidden="true" />
		</Button>
	)
}

export function SidebarInset({ className, ...props }: React.ComponentProps<'div'>) {
	return <div data-slot="sidebar-inset" className={cn('relative flex min-w-0 flex-1 flex-col bg-background', className)} {...props} />
}

export function SidebarHeader({ className, ...props }: React.ComponentProps<'div'>) {
	return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />
}

export function SidebarFooter({ className, ...props }: React.ComponentProps<'div'>) {
	return <div data-slot="sidebar-footer" className={cn('mt-auto flex flex-col gap-1 p-2', className)} {...props} />
}

export function SidebarContent({ className, ...props }: React.ComponentProps<'div'>) {
	return (
		<div
			data-slot="sidebar-content"
			className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden', className)}
			{...props}
		/>
	)
}

export function SidebarGroup({ className, ...props }: React.ComponentProps<'div'>) {
	return <div data-slot="sidebar-group" className={cn('relative flex w-full min-w-0 flex-col p-2', className)} {...props} />
}

/** The group's title; in icon mode it is hidden visually but still read by screen readers. */
export function SidebarGroupLabel({ className, ...props }: React.ComponentProps<'h2'>) {
	return (
		<h2
			data-slot="sidebar-group-label"
			className={cn(
				'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-semibold tracking-wide text-sidebar-foreground/80 group-data-[collapsible=icon]:sr-only',
				className,
			)}
			{...props}
		/>
	)
}

export function SidebarMenu({ className, ...props }: React.ComponentProps<'ul'>) {
	return <ul data-slot="sidebar-menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />
}

export function SidebarMenuItem({ className, ...props }: React.ComponentProps<'li'>) {
	return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />
}

/**
 * A sidebar row (link or button via `asChild`). Put the text in a <span>: in icon mode it becomes
 * screen-reader-only, so the row keeps its accessible name while showing just the icon.
 */
export function SidebarMenuButton({
	asChild = false,
	isActive = false,
	className,
	...props
}: React.ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean }) {
	const Comp = asChild ? SlotPrimitive.Slot : 'button'
	return (
		<Comp
			data-slot="sidebar-menu-button"
			data-active={isActive}
			className={cn(
				'flex h-9 w-full items-center gap-2 overflow-hidden rounded-md px-2 text-left text-sm font-medium outline-none transition-[width,height,padding]',
				'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/70',
				// The current page: a NavLink's aria-current, or isActive for anything else.
				'data-[active=true]:bg-sidebar-accent data-[active=true]:font-semibold data-[active=true]:text-sidebar-accent-foreground',
				'aria-[current=page]:bg-sidebar-accent aria-[current=page]:font-semibold aria-[current=page]:text-sidebar-accent-foreground',
				'group-data-[collapsible=icon]:size-9 group-data-[collapsible=icon]:justify-center group-data-[collapsible=icon]:p-0',
				'[&>span:last-child]:truncate group-data-[collapsible=icon]:[&>span]:sr-only [&>svg]:size-4 [&>svg]:shrink-0',
				className,
			)}
			{...props}
		/>
	)
}
