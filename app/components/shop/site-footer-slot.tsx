import type * as SiteFooterModule from './site-footer'
import type { ShellSettings } from './use-root-data'
import { DeferredPart } from '~/components/ui/deferred-part'
import { loadOnce } from '~/utils/load-once'

/*
 * The footer out of every page's first load (issue 34, decision 148): it is at the bottom of the
 * page, and on a phone only its three section buttons do anything. The server draws it in full (the
 * server entry hands its module over); in the browser its HTML is kept, its links work as plain
 * links, and its code loads when the footer comes near the viewport. A section button tapped before
 * the code came is pressed again once it has (components/ui/deferred-part.tsx).
 */

const siteFooter = loadOnce<typeof SiteFooterModule>(() => import('./site-footer'))
export const provideSiteFooter = siteFooter.provide

export function SiteFooterSlot({ settings }: { settings: ShellSettings }) {
	return <DeferredPart part={siteFooter} when="near" render={(module) => <module.SiteFooter settings={settings} />} />
}
