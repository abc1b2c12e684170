/**
 * A Vite plugin (issue 34, decision 153): the storefront stylesheet's file, which follows the first
 * paint (decision 141), carries its class rules only (`classRulesOnly`).
 *
 * Every page holds, inline, the rules its HTML uses and everything that has no class (the reset's
 * `*` rules, `:root`'s variables, the `@property` registrations, the keyframes). The file used to be
 * the whole stylesheet again: when it arrived the browser parsed those rules a second time, and
 * because they are keyed on every element (or register properties), restyled the whole document,
 * one long task on a phone right after hydration. Without them the file's arrival restyles only the
 * elements that carry its classes, and it is 20 % smaller.
 *
 * The file is emitted by the server's build (its `?url` import is in modules-after-paint.server.ts),
 * whose assets React Router moves into build/client; it keeps the name Vite gave it, a hash of the
 * whole stylesheet, of which the cut is a pure function.
 */
import type { Plugin } from 'vite'
import { classRulesOnly } from '../app/server/critical-css.server'

/** The stylesheet's file as Vite names it (`~/styles/storefront.css?url`). */
const STOREFRONT_STYLESHEET_FILE = /^assets\/storefront-[\w-]+\.css$/

export function stylesheetFile(): Plugin {
	return {
		name: 'loja:stylesheet-file',
		apply: 'build',
		generateBundle(_options, bundle) {
			for (const output of Object.values(bundle)) {
				if (output.type !== 'asset' || !STOREFRONT_STYLESHEET_FILE.test(output.fileName)) continue
				output.source = classRulesOnly(String(output.source))
			}
		},
	}
}
